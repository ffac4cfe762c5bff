import { defineStackPart } from '../stackPart.js'

/** The local SMTP server and its inbox over HTTP, and the mailer the auth service sends through. */
export const mailPart = defineStackPart({
  name: 'mail',
  // Dev only: the inbox shows every login code mailed to it.
  ports: {
    smtp: { env: 'PAIRWISE_SMTP_PORT', default: 2525, width: 1, loopbackOnly: true },
    mail: { env: 'PAIRWISE_MAIL_PORT', default: 8025, width: 1, loopbackOnly: true },
  },
  needs: [],
  command: {
    name: 'mail',
    summary: 'start only the local mail stack: an SMTP server and its inbox over HTTP (Mailpit API)',
  },
  async start({ config, onStop }) {
    const { smtpMailer, startMail } = await import('../../mail/index.js')
    const { consoleLogger } = await import('../../relay/index.js')
    const mail = await startMail({
      host: config.hosts.mail,
      smtpPort: config.ports.smtp,
      httpPort: config.ports.mail,
      logger: consoleLogger('warn'),
    })
    onStop(() => mail.close())
    const mailer = smtpMailer(mail.smtpUrl, { from: 'Pairwise <login@pairwise.localhost>' })
    onStop(() => mailer.close())
    return {
      gives: { mail, mailer },
      urls: [
        {
          part: 'mail',
          url: mail.url,
          detail: `the local inbox (Mailpit API /api/v1); SMTP ${mail.smtpUrl}`,
        },
      ],
      ready: [`${mail.url}/health`],
      stackFile: { mail: { url: mail.url, smtp: mail.smtpUrl } },
    }
  },
})
