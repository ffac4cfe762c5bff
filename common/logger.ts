export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

/**
 * How every layer reports: one line of text plus structured fields, so a log shipper can index them.
 * The relay client, the relay server, the engine and the services all take this one shape, so one
 * object serves them all.
 */
export type Logger = Record<LogLevel, (message: string, fields?: LogFields) => void>

export const silentLogger: Logger = Object.freeze({
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
})
