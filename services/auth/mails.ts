import type { Mail } from '../mail/mailer.js'
import type { AttemptKind } from './attemptStore.js'

/**
 * What a mailed code does, as its mail tells the mailbox. A page that starts an email change can ask for its
 * code as if for a login, so the current address's mail names the change and the address it moves to.
 */
export type CodePurpose =
  | { kind: Exclude<AttemptKind, 'change-primary'> }
  | { kind: 'change-primary'; newEmail: string }

// Each subject says what its code does, as the mail's text does; each keeps the word "code", by which the
// browser tests wait for a code mail (test/e2e/embedded/support/frameStack.ts).
function codeSubject(project: { name: string }, purpose: CodePurpose): string {
  switch (purpose.kind) {
    case 'login':
      return `Your ${project.name} login code`
    case 'reauth':
      return `Your ${project.name} code to confirm it is you`
    case 'change-primary':
      return `Your ${project.name} code to change your email`
    case 'change-secondary':
      return `Your ${project.name} code to confirm your new email`
  }
}

function askedTo(project: { name: string }, hostOrigin: string, purpose: CodePurpose): string {
  switch (purpose.kind) {
    case 'login':
      return `You asked to sign in to ${project.name} on ${hostOrigin}.`
    case 'reauth':
      return `You asked to confirm it is you in ${project.name} on ${hostOrigin}, to export or recover your wallet.`
    case 'change-primary':
      return `You asked to change the email of your ${project.name} account to ${purpose.newEmail} on ${hostOrigin}: with this code, the account moves to that address.`
    case 'change-secondary':
      return `You asked to make this address the email of your ${project.name} account on ${hostOrigin}.`
  }
}

/**
 * The mails of the auth service. The project name comes from the server's project record, never from the
 * page; the host origin is the one checked against the project's allowed origins. Code mails carry no link.
 */
export const authMails = {
  code: (
    to: string,
    project: { name: string },
    hostOrigin: string,
    code: string,
    purpose: CodePurpose,
  ): Mail => ({
    to,
    subject: codeSubject(project, purpose),
    text: [
      `Your code: ${code}`,
      '',
      askedTo(project, hostOrigin, purpose),
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

  walletRecovered: (
    to: string,
    project: { name: string },
    request: { hostOrigin: string; ip: string; at: number },
  ): Mail => ({
    to,
    subject: `${project.name}: your wallet was opened on a new device`,
    text: [
      `Your ${project.name} wallet was just recovered with your passphrase on a new device, on ${request.hostOrigin} (from ${request.ip}, at ${new Date(request.at).toISOString()}).`,
      '',
      'If this was you, there is nothing to do.',
      'If it was not, someone knows your recovery passphrase and can read this mailbox: move your funds to a new wallet from a device you trust, and secure this email account.',
    ].join('\n'),
  }),

  recoveryPaused: (to: string, project: { name: string }, minutes: number): Mail => ({
    to,
    subject: `${project.name}: wallet recovery paused`,
    text: [
      `Too many wrong recovery passphrases were tried for your ${project.name} wallet, so recovery on new devices is paused for ${minutes} minutes.`,
      'If this was not you, someone who can read this mailbox is guessing your passphrase; each guess has to go through our server, and nothing opens without the passphrase. Your wallet keeps working in the browsers that already hold it.',
    ].join('\n'),
  }),

  emailChanged: (to: string, project: { name: string }, newEmail: string): Mail => ({
    to,
    subject: `${project.name}: your email was changed`,
    text: `The email of your ${project.name} account is now ${newEmail}. Your wallet is unchanged.`,
  }),
}
