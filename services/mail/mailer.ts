/** A mail the product sends: plain text always, HTML optionally. */
export type Mail = { to: string; subject: string; text: string; html?: string }

/** The port services send mail through (the auth service takes one injected). */
export interface Mailer {
  send(mail: Mail): Promise<void>
}
