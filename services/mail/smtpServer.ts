import type { AddressInfo } from 'node:net'
import type { Logger } from '@pairwise/common'
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server'
import { listen } from '../kit/listen.js'
import type { Inbox } from './inbox.js'
import {
  MAX_PARSES_AT_ONCE,
  MAX_SMTP_CLIENTS,
  MAX_SMTP_RECIPIENTS,
  SMTP_CLOSE_GRACE_MS,
  SMTP_SOCKET_TIMEOUT_MS,
} from './limits.js'
import { MailParseError, parseMail } from './parseMail.js'
import { TaskGate } from './taskGate.js'

export type SmtpServerOptions = {
  host: string
  /** 0 lets the OS pick a free port; read it back from the result. */
  port: number
  inbox: Inbox
  maxMessageBytes: number
  logger: Logger
}

export type RunningSmtpServer = {
  readonly port: number
  /**
   * Throws once the listener is closed. The readiness check: the server runs in this process, on the loop
   * that answers the probe, so dialling it would prove little more, at a socket and a client slot a probe.
   */
  assertListening(): void
  close(): Promise<void>
}

/** A rejection smtp-server answers with its own reply code. */
class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A plain-text SMTP server for the local stack: anyone on the host may send (no AUTH needed, no
 * STARTTLS offered), every accepted message lands in `inbox`. Messages over `maxMessageBytes` get 552
 * and are never buffered past the limit; one the parser fails on, or takes too long or too much memory
 * over, gets 554 (see parseMail), and so does one whose To names more than MAX_SMTP_RECIPIENTS addresses.
 */
export async function startSmtpServer(options: SmtpServerOptions): Promise<RunningSmtpServer> {
  const { inbox, maxMessageBytes, logger } = options
  const parses = new TaskGate(MAX_PARSES_AT_ONCE)
  /** Reads, parses and keeps one message; resolves with its inbox ID, or rejects with the SMTP answer. */
  const receive = async (stream: SMTPServerDataStream): Promise<string> => {
    const raw = await readCapped(stream, maxMessageBytes)
    if (!raw) throw new SmtpReply(552, `Error: message exceeds ${maxMessageBytes} bytes`)
    const content = await parses
      .run(() => parseMail(raw))
      .catch((error: unknown) => {
        if (!(error instanceof MailParseError)) throw error
        logger.warn('mail could not be parsed', { bytes: raw.length, error: error.message })
        throw new SmtpReply(554, 'Error: message could not be parsed')
      })
    if (content.to.length > MAX_SMTP_RECIPIENTS)
      throw new SmtpReply(554, `Error: the To header names more than ${MAX_SMTP_RECIPIENTS} addresses`)
    const mail = inbox.add(content)
    logger.info('mail received', { id: mail.id, bytes: mail.size })
    return mail.id
  }
  const server = new SMTPServer({
    name: 'pairwise-mail',
    banner: 'Pairwise local mail',
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    size: maxMessageBytes,
    rejectOversized: true,
    maxClients: MAX_SMTP_CLIENTS,
    maxRecipients: MAX_SMTP_RECIPIENTS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    closeTimeout: SMTP_CLOSE_GRACE_MS,
    // A reverse DNS lookup of each client would query the system's resolver, beyond loopback.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      receive(stream).then(
        (id) => callback(null, `OK: queued as ${id}`),
        (error: unknown) => {
          if (error instanceof SmtpReply) return callback(error)
          logger.warn('mail refused', { error: error instanceof Error ? error.message : String(error) })
          callback(new SmtpReply(451, 'Error: the message could not be read'))
        },
      )
    },
  })
  server.on('error', (error) => logger.warn('smtp connection error', { error: error.message }))
  await listen(server.server, options.port, options.host)
  const { port } = server.server.address() as AddressInfo
  let closing: Promise<void> | undefined
  return {
    port,
    assertListening() {
      if (!server.server.listening) throw new Error('the SMTP listener is closed')
    },
    close() {
      // smtp-server may call back twice (listener closed, grace over): the first settles.
      closing ??= new Promise((resolve) => server.close(() => resolve()))
      return closing
    },
  }
}

/** The whole message, or undefined once it passes `maxBytes` (the rest is read and dropped). */
function readCapped(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) chunks.push(chunk)
      else chunks.length = 0
    })
    stream.once('end', () => resolve(size <= maxBytes ? Buffer.concat(chunks, size) : undefined))
    stream.once('error', reject)
  })
}
