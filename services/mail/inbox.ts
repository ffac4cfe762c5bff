import { randomUUID } from 'node:crypto'
import { DEFAULT_MAX_INBOX_CHARS, DEFAULT_MAX_MESSAGES } from './limits.js'
import type { MailAddress, MailContent } from './parseMail.js'

/** A received mail: its parsed content, the inbox's ID for it and when it arrived. */
export type StoredMail = Readonly<MailContent & { id: string; created: Date }>

/** Which mail `waitFor` waits for. */
export type MailQuery = {
  /** A recipient in the To header, compared without regard to case. */
  to: string
  /** Part of the subject, or a pattern it matches. */
  subject?: string | RegExp
  /** Only mails that arrived at or after this time. */
  after?: Date | number
}

export class MailTimeoutError extends Error {
  override readonly name = 'MailTimeoutError'
  constructor(query: MailQuery, timeoutMs: number) {
    super(`No mail to ${query.to}${query.subject ? ` about ${query.subject}` : ''} within ${timeoutMs} ms`)
  }
}

export type InboxOptions = {
  /** Past this many mails the oldest is dropped; default DEFAULT_MAX_MESSAGES. */
  maxMessages?: number
  /** Past this many characters of kept text (see keptChars) the oldest goes; default DEFAULT_MAX_INBOX_CHARS. */
  maxChars?: number
  now?: () => number
}

const addressChars = ({ Name, Address }: MailAddress) => Name.length + Address.length

/** The characters a mail holds in memory: its strings, the one measure that grows with what a sender writes. */
function keptChars(mail: MailContent): number {
  const { messageId, from, to, subject, text, html, snippet } = mail
  return (
    messageId.length +
    addressChars(from) +
    to.reduce((sum, address) => sum + addressChars(address), 0) +
    subject.length +
    text.length +
    html.length +
    snippet.length
  )
}

/** The mails the local SMTP server received, in memory, oldest dropped first when full. */
export class Inbox {
  readonly maxMessages: number
  readonly maxChars: number
  /** Oldest first. */
  readonly #mails: StoredMail[] = []
  readonly #byId = new Map<string, StoredMail>()
  readonly #arrivals = new Set<(mail: StoredMail) => void>()
  readonly #now: () => number
  #chars = 0

  constructor({
    maxMessages = DEFAULT_MAX_MESSAGES,
    maxChars = DEFAULT_MAX_INBOX_CHARS,
    now = Date.now,
  }: InboxOptions = {}) {
    for (const [name, value] of [
      ['maxMessages', maxMessages],
      ['maxChars', maxChars],
    ] as const)
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`${name} must be a positive integer, not ${value}`)
    this.maxMessages = maxMessages
    this.maxChars = maxChars
    this.#now = now
  }

  get total(): number {
    return this.#mails.length
  }

  add(content: MailContent): StoredMail {
    const mail: StoredMail = Object.freeze({ ...content, id: randomUUID(), created: new Date(this.#now()) })
    this.#mails.push(mail)
    this.#byId.set(mail.id, mail)
    this.#chars += keptChars(mail)
    // The newest mail stays even alone over maxChars: the sender waiting for it gets it.
    while (this.#mails.length > this.maxMessages || (this.#chars > this.maxChars && this.#mails.length > 1)) {
      const dropped = this.#mails.shift() as StoredMail
      this.#byId.delete(dropped.id)
      this.#chars -= keptChars(dropped)
    }
    for (const arrived of [...this.#arrivals]) arrived(mail)
    return mail
  }

  /** Newest first: `limit` mails after skipping the `start` newest. */
  list(start = 0, limit = this.maxMessages): StoredMail[] {
    const end = Math.max(0, this.#mails.length - start)
    return this.#mails.slice(Math.max(0, end - limit), end).reverse()
  }

  get(id: string): StoredMail | undefined {
    return this.#byId.get(id)
  }

  /** Deletes the mails with these IDs (unknown ones are skipped), or every mail; returns how many went. */
  delete(ids?: readonly string[]): number {
    const doomed = ids === undefined ? undefined : new Set(ids)
    const before = this.#mails.length
    const kept = doomed ? this.#mails.filter((mail) => !doomed.has(mail.id)) : []
    this.#mails.splice(0, this.#mails.length, ...kept)
    this.#byId.clear()
    this.#chars = 0
    for (const mail of kept) {
      this.#byId.set(mail.id, mail)
      this.#chars += keptChars(mail)
    }
    return before - kept.length
  }

  /** The oldest mail matching `query`, already here or the first to arrive; rejects after `timeoutMs`. */
  waitFor(query: MailQuery, timeoutMs: number): Promise<StoredMail> {
    const matches = mailMatcher(query)
    const here = this.#mails.find(matches)
    if (here) return Promise.resolve(here)
    return new Promise((resolve, reject) => {
      const arrived = (mail: StoredMail) => {
        if (!matches(mail)) return
        settle()
        resolve(mail)
      }
      const timer = setTimeout(() => {
        settle()
        reject(new MailTimeoutError(query, timeoutMs))
      }, timeoutMs)
      const settle = () => {
        clearTimeout(timer)
        this.#arrivals.delete(arrived)
      }
      this.#arrivals.add(arrived)
    })
  }
}

function mailMatcher({ to, subject, after }: MailQuery): (mail: StoredMail) => boolean {
  const recipient = to.toLowerCase()
  const since = after === undefined ? Number.NEGATIVE_INFINITY : Number(after)
  return (mail) =>
    mail.created.getTime() >= since &&
    mail.to.some((address) => address.Address.toLowerCase() === recipient) &&
    (subject === undefined ||
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)))
}
