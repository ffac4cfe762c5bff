import type { LogFields, Logger, LogLevel } from '@pairwise/common'

const levels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/** Past this many pending characters the lines are written at once rather than when the timer fires. */
export const MAX_PENDING_LOG_CHARS = 64 * 1024
/** Lines wait at most this long to be written. */
export const LOG_FLUSH_MS = 50

/**
 * Writes lines to `stream` in one call per `flushMs` (or per MAX_PENDING_LOG_CHARS). A busy server logs a
 * line per request; a write per line, or even per turn of the event loop when a turn answers only a few
 * requests, is a system call for every few lines and cost the api a tenth of its throughput. Lines pending
 * when the process exits, even on an uncaught error, are written then.
 */
export function batchedLineWriter(
  stream: Pick<NodeJS.WriteStream, 'write'> = process.stderr,
  flushMs = LOG_FLUSH_MS,
) {
  let pending = ''
  let scheduled: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(scheduled)
    scheduled = undefined
    process.removeListener('exit', flush)
    const lines = pending
    pending = ''
    if (lines) stream.write(lines)
  }
  return (line: string): void => {
    pending += `${line}\n`
    if (pending.length >= MAX_PENDING_LOG_CHARS) flush()
    else if (!scheduled) {
      scheduled = setTimeout(flush, flushMs)
      scheduled.unref()
      process.once('exit', flush)
    }
  }
}

/** JSON lines at or above `minimum`, written to stderr unless told otherwise. */
export function consoleLogger(
  minimum: LogLevel = 'info',
  write: (line: string) => void = batchedLineWriter(),
): Logger {
  const threshold = levels.indexOf(minimum)
  // A busy server logs many lines a millisecond: the timestamp is formatted once for all of them.
  let stampedAt = Number.NaN
  let stamp = ''
  const now = () => {
    const ms = Date.now()
    if (ms !== stampedAt) {
      stampedAt = ms
      stamp = new Date(ms).toISOString()
    }
    return stamp
  }
  const line = lineFormat()
  const ignore = (): void => {}
  const at = (level: LogLevel) =>
    levels.indexOf(level) < threshold
      ? ignore
      : (message: string, fields?: LogFields): void => write(line(now(), level, message, fields))
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/**
 * How many words (messages, field names) a logger keeps quoted; past that, words that are not the code's
 * own are quoted on every line.
 */
const MAX_QUOTED_WORDS = 512

/**
 * `{ time, level, message, ...fields }` as JSON, assembled around the fields' own members: spreading every
 * entry into a fresh object sent JSON.stringify down its slow path, and on the api, which logs a line per
 * request, that cost about a twelfth of its throughput. Messages and field names are the code's own few
 * dozen words, quoted again on every line: each is quoted once.
 */
function lineFormat() {
  const quotedWords = new Map<string, string>()
  const quoted = (word: string): string => {
    let text = quotedWords.get(word)
    if (text === undefined) {
      text = JSON.stringify(word)
      if (quotedWords.size < MAX_QUOTED_WORDS) quotedWords.set(word, text)
    }
    return text
  }
  /**
   * The members of `fields` written value by value when each is a string, number, boolean or null, as a
   * request's line is (half the cost of JSON.stringify on the object); undefined for anything else.
   */
  const flatMembers = (fields: LogFields): string | undefined => {
    let text = ''
    for (const key in fields) {
      if (!Object.hasOwn(fields, key)) continue
      const value = fields[key]
      if (value === undefined) continue
      if (typeof value === 'string') text += `,${quoted(key)}:${JSON.stringify(value)}`
      else if (typeof value === 'number') text += `,${quoted(key)}:${Number.isFinite(value) ? value : null}`
      else if (typeof value === 'boolean' || value === null) text += `,${quoted(key)}:${value}`
      else return undefined
    }
    return text
  }
  return (time: string, level: LogLevel, message: string, fields?: LogFields): string => {
    if (fields && ('time' in fields || 'level' in fields || 'message' in fields))
      return json({ time, level, message, ...fields })
    const head = `{"time":"${time}","level":"${level}","message":${quoted(message)}`
    return `${head}${fields ? (flatMembers(fields) ?? members(json(fields))) : ''}}`
  }
}

/** `,"key":value…` for an object's JSON text: what goes after the envelope's own members. */
function members(text: string): string {
  return text === '{}' ? '' : `,${text.slice(1, -1)}`
}

// A replacer sends every value through a call; lines almost never hold a bigint, so try without one first.
function json(value: object): string {
  try {
    return JSON.stringify(value)
  } catch {
    return JSON.stringify(value, bigintSafe)
  }
}

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
