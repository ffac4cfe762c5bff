import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { AddressObject, EmailAddress, ParsedMail } from 'mailparser'
import { PARSE_HEAP_MB, PARSE_TIMEOUT_MS, SNIPPET_CHARS } from './limits.js'

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

/** A message mailparser failed on, took too long over, or ran out of memory for. */
export class MailParseError extends Error {
  override readonly name = 'MailParseError'
}

/** What the worker posts back of mailparser's result: plain data, copied across threads. */
type Parsed = Pick<ParsedMail, 'messageId' | 'from' | 'to' | 'subject' | 'date' | 'text' | 'html'>

// CommonJS in a string, so that it runs the same from the TypeScript source (tests) and the built package
// (as in relay/sqliteCheckpointer.ts); mailparser is required from the path this module resolves it to.
// It says 'ready' once loaded, so the time limit counts only the parse. Whatever mailparser throws, in
// its promise or outside it (EMAXLEN from deeply nested parts is thrown from a stream callback), ends
// the worker with an 'error' event: a rejection left unhandled is thrown there too.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { simpleParser } = require(workerData.mailparser)
parentPort.once('message', (raw) => {
  simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), { skipTextToHtml: true, skipImageLinks: true })
    .then(({ messageId, from, to, subject, date, text, html }) => {
      parentPort.postMessage({ messageId, from, to, subject, date, text, html })
    })
})
parentPort.postMessage('ready')
`

const mailparser = createRequire(import.meta.url).resolve('mailparser')

/**
 * Parses a raw RFC 5322 message; mailparser derives the text from the HTML when there is no text part.
 * The parse runs in a worker thread of its own, cut after PARSE_TIMEOUT_MS or PARSE_HEAP_MB, so that no
 * message can stall or crash the process the SMTP server shares with the rest of the stack; any such
 * failure rejects with MailParseError.
 */
export async function parseMail(raw: Buffer): Promise<MailContent> {
  const parsed = await parseInWorker(raw)
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

function parseInWorker(raw: Buffer): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { mailparser },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    })
    let timer: NodeJS.Timeout | undefined
    // Settling twice is harmless: the first outcome wins, and terminating an ended worker does nothing.
    const end = () => {
      clearTimeout(timer)
      void worker.terminate()
    }
    const fail = (why: string) => {
      end()
      reject(new MailParseError(why))
    }
    worker.on('message', (message: 'ready' | Parsed) => {
      if (message !== 'ready') {
        end()
        return resolve(message)
      }
      timer = setTimeout(() => fail(`parsing took over ${PARSE_TIMEOUT_MS} ms`), PARSE_TIMEOUT_MS)
      worker.postMessage(raw)
    })
    worker.on('error', (error) => fail(error.message))
    worker.on('exit', (code) => fail(`the parser exited with code ${code}`))
  })
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
