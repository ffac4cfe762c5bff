export type LogFields = Record<string, unknown>
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** One line of text plus structured fields; the relay server's logger has the same shape. */
export type RelayClientLogger = Record<LogLevel, (message: string, fields?: LogFields) => void>

export function silentLogger(): RelayClientLogger {
  const ignore = (): void => {}
  return { debug: ignore, info: ignore, warn: ignore, error: ignore }
}
