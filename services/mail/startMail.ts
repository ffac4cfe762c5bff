import type { Logger } from '@pairwise/common'
import { noTrustedProxies, type Served, serve, serverUrl, type TrustedProxies } from '../kit/index.js'
import { consoleLogger } from '../relay/index.js'
import { Inbox } from './inbox.js'
import { DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_MAX_MESSAGES } from './limits.js'
import { createMailApp } from './mailApp.js'
import { startSmtpServer } from './smtpServer.js'

export type StartMailOptions = {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 lets the OS pick; read the port back from `smtpUrl`. */
  smtpPort: number
  /** 0 lets the OS pick; read the port back from `url`. */
  httpPort: number
  /** Mails kept; past it the oldest goes. Default DEFAULT_MAX_MESSAGES. */
  maxMessages?: number
  /** Largest raw message accepted. Default DEFAULT_MAX_MESSAGE_BYTES. */
  maxMessageBytes?: number
  /**
   * Names the inbox answers to besides its listen host, `localhost` and IP addresses: a public name
   * (`name` or `name:port`) it is reached by through a proxy. Any other `Host` gets 421.
   */
  publicNames?: readonly string[]
  /** A proxy in front of the inbox, whose sockets are not counted as one client's; nobody by default. */
  trustProxy?: TrustedProxies
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: Logger
}

export type RunningMail = {
  /** `smtp://host:port`, for smtpMailer. */
  readonly smtpUrl: string
  /** `http://host:port` of the inbox's page and API. */
  readonly url: string
  readonly inbox: Inbox
  /** Stops both servers and ends their open connections. */
  close(): Promise<void>
}

/** The local mail stack: an SMTP server that keeps every mail in an inbox, and the inbox over HTTP. */
export async function startMail({
  host = '127.0.0.1',
  smtpPort,
  httpPort,
  maxMessages = DEFAULT_MAX_MESSAGES,
  maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  publicNames = [],
  trustProxy = noTrustedProxies,
  logger = consoleLogger('info'),
}: StartMailOptions): Promise<RunningMail> {
  const inbox = new Inbox({ maxMessages })
  const smtp = await startSmtpServer({ host, port: smtpPort, inbox, maxMessageBytes, logger })
  let http: Served
  try {
    const ready = { smtp: () => smtp.assertListening() }
    http = await serve(createMailApp(inbox, logger, ready).listener, {
      name: 'mail',
      logger,
      errorFormat: 'json',
      host,
      port: httpPort,
      // The inbox holds login codes and links: a rebound page must not read them from the browser.
      names: [host, ...publicNames],
      trustProxy,
    })
  } catch (error) {
    await smtp.close()
    throw error
  }
  const smtpUrl = serverUrl(host, smtp.port, 'smtp')
  const { url } = http
  logger.info('mail listening', { smtpUrl, url })
  let closing: Promise<void> | undefined
  return {
    smtpUrl,
    url,
    inbox,
    close() {
      closing ??= Promise.all([http.close(), smtp.close()]).then(() => undefined)
      return closing
    },
  }
}
