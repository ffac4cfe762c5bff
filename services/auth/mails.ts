import type { Mail } from '../mail/mailer.js'

/**
 * The mails of the auth service. The project name comes from the server's project record, never from the
 * page; the host origin is the one checked against the project's allowed origins. Code mails carry no link.
 */
export const authMails = {
  code: (to: string, project: { name: string }, hostOrigin: string, code: string): Mail => ({
    to,
    subject: `Your ${project.name} login code`,
    text: [
      `Your code: ${code}`,
      '',
      `You asked to sign in to ${project.name} on ${hostOrigin}.`,
      'It expires in 10 minutes.',
      'If this was not you, ignore this mail: nothing happens without the code.',
    ].join('\n'),
  }),

  deviceApproval: (
    to: string,
    project: { name: string },
    link: string,
    request: { hostOrigin: string; ip: string },
  ): Mail => ({
    to,
    subject: `Approve a new device for ${project.name}`,
    text: [
      `A new device wants to sign in to ${project.name} on ${request.hostOrigin} (from ${request.ip}).`,
      'Open this link and press Approve to let it in; the link works once, for 10 minutes.',
      '',
      `Approve: ${link}`,
      '',
      'If this was not you, do nothing.',
    ].join('\n'),
  }),

  lockedOut: (to: string, project: { name: string }, minutes: number): Mail => ({
    to,
    subject: `${project.name}: email login paused`,
    text: [
      `Too many wrong codes were entered for this address, so email login to ${project.name} is paused for ${minutes} minutes.`,
      'If this was not you, someone may be trying to sign in as you; your account stays safe without the codes.',
    ].join('\n'),
  }),

  emailChanged: (to: string, project: { name: string }, newEmail: string): Mail => ({
    to,
    subject: `${project.name}: your email was changed`,
    text: `The email of your ${project.name} account is now ${newEmail}. Your wallet is unchanged.`,
  }),
}
