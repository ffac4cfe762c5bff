import type { ExampleWalletActivity } from './exampleWallet.js'

// Control characters (C0, DEL, C1), format characters (bidi overrides, zero-width marks) and the line and
// paragraph separators.
const unprintable = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

/**
 * A peer's text as it may reach a terminal: an escape sequence from a dapp's name, method or error could
 * clear the screen, retitle the window or set the clipboard, and a newline or a bidi override could forge
 * a line of the wallet's own, and so could a line or paragraph separator. Each such character is shown as
 * its `\uXXXX` escape.
 */
export function printable(text: string): string {
  return text.replace(unprintable, (char) => {
    const code = (char.codePointAt(0) ?? 0).toString(16)
    // Past U+FFFF in braces: `\ue0041` would read as U+E004 and a 1.
    return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`
  })
}

/** The wallet command's log line for one thing a peer made it do, safe to print (see `printable`). */
export function describeActivity(activity: ExampleWalletActivity): string {
  return printable(lineOf(activity))
}

function lineOf(activity: ExampleWalletActivity): string {
  switch (activity.type) {
    case 'session':
      return `approved a session with ${activity.session.peer.metadata.name}`
    case 'rejected':
      return `rejected proposal ${activity.proposalId}: ${activity.reason}`
    case 'signedIn':
      return `signed in on ${activity.cacaos.map((cacao) => cacao.p.iss.split(':').slice(2, 4).join(':')).join(', ')}${activity.session ? ' with a session' : ''}`
    case 'signInRejected':
      return `refused sign-in ${activity.requestId}: ${activity.reason}`
    case 'request':
      return activity.outcome === 'answered'
        ? `answered ${activity.method} on ${activity.chainId}`
        : `refused ${activity.method} on ${activity.chainId}: ${activity.message} (${activity.code})`
  }
}
