export type LogFields = Record<string, unknown>
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** What the relay reports: one line of text plus structured fields, so a log shipper can index them. */
export type RelayLogger = Record<LogLevel, (message: string, fields?: LogFields) => void>

const levels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

export const silentLogger: RelayLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
}

/** JSON lines at or above `minimum`, written to stderr unless told otherwise. */
export function consoleLogger(
  minimum: LogLevel = 'info',
  write: (line: string) => void = (line) => console.error(line),
): RelayLogger {
  const threshold = levels.indexOf(minimum)
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      if (levels.indexOf(level) < threshold) return
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }, bigintSafe))
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
