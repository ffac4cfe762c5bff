import { type AddressObject, type EmailAddress, simpleParser } from 'mailparser'
import { SNIPPET_CHARS } from './limits.js'

/** A mailbox as Mailpit writes it. */
export type MailAddress = { Name: string; Address: string }

/** What the inbox keeps of a parsed message. */
export type MailContent = {
  messageId: string
  from: MailAddress
  to: MailAddress[]
  subject: string
  /** The Date header, when the message has a valid one. */
  date: Date | undefined
  text: string
  /** '' when the message has no HTML part. */
  html: string
  snippet: string
  /** Bytes of the raw message. */
  size: number
}

/** Parses a raw RFC 5322 message; mailparser derives the text from the HTML when there is no text part. */
export async function parseMail(raw: Buffer): Promise<MailContent> {
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true })
  const text = parsed.text ?? ''
  return {
    messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    from: mailboxes(parsed.from)[0] ?? { Name: '', Address: '' },
    to: mailboxes(parsed.to),
    subject: parsed.subject ?? '',
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : undefined,
    text,
    html: parsed.html || '',
    snippet: text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_CHARS),
    size: raw.length,
  }
}

function mailboxes(header: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const lists = header === undefined ? [] : Array.isArray(header) ? header : [header]
  return lists.flatMap((list) => list.value.flatMap(flatten))
}

/** Group syntax (`team: a@x, b@x;`) lists its members; each becomes a mailbox of its own. */
function flatten(address: EmailAddress): MailAddress[] {
  if (address.group) return address.group.flatMap(flatten)
  return [{ Name: address.name, Address: address.address ?? '' }]
}
