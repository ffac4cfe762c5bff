import { createTransport } from 'nodemailer'
import { isLoopbackHost } from '../net/isLoopbackHost.js'
import { MAILER_CONNECT_TIMEOUT_MS, MAILER_MAX_CONNECTIONS, MAILER_SOCKET_TIMEOUT_MS } from './limits.js'
import type { Mail, Mailer } from './mailer.js'

export class InvalidSmtpUrlError extends Error {
  override readonly name = 'InvalidSmtpUrlError'
  constructor(reason: string) {
    super(`Invalid SMTP URL: ${reason}`)
  }
}

export type SmtpMailerOptions = {
  /** The From header of every mail, e.g. `Pairwise <login@example.com>`. */
  from: string
}

/** A Mailer over a pool of SMTP connections; `close()` ends them. */
export type SmtpMailer = Mailer & { close(): void }

/**
 * Sends through the SMTP server at `smtpUrl`: `smtp://[user:password@]host[:port]` (STARTTLS required,
 * except to a loopback host, where the local plain-text server runs) or `smtps://…` (TLS from the start).
 */
export function smtpMailer(smtpUrl: string, { from }: SmtpMailerOptions): SmtpMailer {
  const server = smtpServerOf(smtpUrl)
  const transport = createTransport({
    pool: true,
    maxConnections: MAILER_MAX_CONNECTIONS,
    host: server.host,
    ...(server.port === undefined ? {} : { port: server.port }),
    secure: server.implicitTls,
    ...(server.implicitTls ? {} : isLoopbackHost(server.host) ? { ignoreTLS: true } : { requireTLS: true }),
    ...(server.auth ? { auth: server.auth } : {}),
    connectionTimeout: MAILER_CONNECT_TIMEOUT_MS,
    greetingTimeout: MAILER_CONNECT_TIMEOUT_MS,
    socketTimeout: MAILER_SOCKET_TIMEOUT_MS,
  })
  return {
    async send({ to, subject, text, html }: Mail) {
      await transport.sendMail({ from, to, subject, text, ...(html === undefined ? {} : { html }) })
    },
    close() {
      transport.close()
    },
  }
}

type SmtpServerAddress = {
  host: string
  port: number | undefined
  implicitTls: boolean
  auth: { user: string; pass: string } | undefined
}

function smtpServerOf(smtpUrl: string): SmtpServerAddress {
  let url: URL
  try {
    url = new URL(smtpUrl)
  } catch {
    throw new InvalidSmtpUrlError('not a URL')
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new InvalidSmtpUrlError(`use smtp:// or smtps://, not ${url.protocol}//`)
  if (!url.hostname) throw new InvalidSmtpUrlError('no host')
  if (url.pathname.replace(/^\/$/, '') || url.search || url.hash)
    throw new InvalidSmtpUrlError('nothing may follow host:port')
  let auth: SmtpServerAddress['auth']
  try {
    auth = url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined
  } catch {
    throw new InvalidSmtpUrlError('bad percent-encoding in the credentials')
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : undefined,
    implicitTls: url.protocol === 'smtps:',
    auth,
  }
}
