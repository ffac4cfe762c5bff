import { parseArgs } from 'node:util'
import { startMail } from '../mail/index.js'
import { stackConfig, trustProxyOf } from '../stack/config.js'
import { aloneListenHost } from '../stack/listenHosts.js'
import { assertPortsFree, parsePort, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const mailUsage =
  'pairwise mail [--host H] [--smtp-port N] [--port N] [--trust-proxy CIDR,…]…  (PAIRWISE_SMTP_PORT 2525, PAIRWISE_MAIL_PORT 8025; a PAIRWISE_HOST off loopback is not used: 127.0.0.1 unless --host says otherwise, as whoever reads the inbox reads the login codes)'

/** `pairwise mail`: the local SMTP server and its inbox over HTTP (Mailpit's API), until a signal stops it. */
export async function runMailCommand(args: string[], log: (line: string) => void): Promise<never> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'smtp-port': { type: 'string' },
      port: { type: 'string' },
      ...trustProxyOption,
    },
  })
  // Checked like every service's, so one PAIRWISE_TRUST_PROXY serves the whole stack; the inbox counts
  // each client's open sockets by address.
  const config = stackConfig(process.env, {
    host: values.host,
    trustProxy: trustProxyOf(values['trust-proxy'], process.env),
    ports: { smtp: parsePort(values['smtp-port'], '--smtp-port'), mail: parsePort(values.port, '--port') },
    parts: ['smtp', 'mail'],
  })
  const host = aloneListenHost('mail', values.host, config.host)
  await assertPortsFree(
    { ...config, host },
    {
      smtp: { flag: '--smtp-port', typed: values['smtp-port'] },
      mail: { flag: '--port', typed: values.port },
    },
    process.env,
  )
  const mail = await startMail({
    host,
    smtpPort: config.ports.smtp,
    httpPort: config.ports.mail,
    trustProxy: config.trustProxy,
  })
  return runUntilSignal(mail.close, log, [
    `mail  ${mail.url}  (inbox: GET ${mail.url}/api/v1/messages; SMTP ${mail.smtpUrl})`,
  ])
}
