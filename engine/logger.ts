import type { LogFields, Logger, LogLevel } from '@pairwise/common'
import type { LogBuffer } from './logBuffer.js'

const ORDER: Record<LogLevel | 'silent', number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 }

/**
 * A logger from the `logger` option: a level name (as the official client accepts) logs to the console
 * from that level up, and into `buffer` when given; an object is used as is. The default matches the
 * official default, `error`.
 */
export function createLogger(option: LogLevel | 'silent' | Logger | undefined, buffer?: LogBuffer): Logger {
  if (typeof option === 'object') return option
  const threshold = ORDER[option ?? 'error']
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      if (ORDER[level] < threshold) return
      buffer?.add(logLine(level, message, fields))
      if (fields === undefined) console[level](`[pairwise] ${message}`)
      else console[level](`[pairwise] ${message}`, fields)
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** One line of the in-memory log: JSON with time, level, message and the fields. */
function logLine(level: LogLevel, message: string, fields: LogFields | undefined): string {
  const entry = { time: new Date().toISOString(), level, message, ...fields }
  try {
    return JSON.stringify(entry)
  } catch {
    return JSON.stringify({ time: entry.time, level, message, fields: String(fields) })
  }
}
