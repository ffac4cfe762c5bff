import type { Mail, Mailer } from '../mail/mailer.js'

/**
 * The service's mails on their way: handed to the mailer and not yet sent or failed. The mailer queues
 * what its connections cannot take yet, without a bound, and every client's mails share that queue; counted
 * here, a mail can be refused instead of queued once `limit` are waiting (limits `mailsInFlight`).
 */
export class Outbox {
  #sending = 0

  constructor(
    private readonly mailer: Mailer,
    private readonly limit: number,
  ) {}

  /** Sends `mail`; with `refuseWhenFull`, false instead, and nothing sent, while `limit` mails are on their way. */
  async send(mail: Mail, { refuseWhenFull = false } = {}): Promise<boolean> {
    if (refuseWhenFull && this.#sending >= this.limit) return false
    this.#sending++
    try {
      await this.mailer.send(mail)
      return true
    } finally {
      this.#sending--
    }
  }
}
