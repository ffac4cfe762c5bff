export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

/** The relay client's logger shape, so one object serves both layers. */
export type EngineLogger = Record<LogLevel, (message: string, fields?: LogFields) => void>

const ORDER: Record<LogLevel | 'silent', number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 }

/**
 * A logger from the `logger` option: a level name (as the official client accepts) logs to the console
 * from that level up; an object is used as is. The default matches the official default, `error`.
 */
export function createLogger(option: LogLevel | 'silent' | EngineLogger | undefined): EngineLogger {
  if (typeof option === 'object') return option
  const threshold = ORDER[option ?? 'error']
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      if (ORDER[level] < threshold) return
      if (fields === undefined) console[level](`[pairwise] ${message}`)
      else console[level](`[pairwise] ${message}`, fields)
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
