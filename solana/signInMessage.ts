import type { SolanaSignInInput } from './walletStandard.js'

/**
 * The Sign-In With Solana message text (the CAIP-122 shape Solana wallets show), for wallets without
 * `solana:signIn`: the adapter signs it with `solana:signMessage` instead.
 */
export function signInMessageText(input: SolanaSignInInput & { domain: string; address: string }): string {
  const head = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  const statement = input.statement ? `\n\n${input.statement}` : ''
  const fields = [
    ['URI', input.uri],
    ['Version', input.version],
    ['Chain ID', input.chainId],
    ['Nonce', input.nonce],
    ['Issued At', input.issuedAt],
    ['Expiration Time', input.expirationTime],
    ['Not Before', input.notBefore],
    ['Request ID', input.requestId],
  ]
    .filter((field): field is [string, string] => Boolean(field[1]))
    .map(([name, value]) => `${name}: ${value}`)
  if (input.resources?.length) fields.push(['Resources:', ...input.resources.map((r) => `- ${r}`)].join('\n'))
  return `${head}${statement}${fields.length ? `\n\n${fields.join('\n')}` : ''}`
}
