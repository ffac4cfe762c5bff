/** The fields of a Sign-In-With-Solana request (`solana:signIn` input), all optional as the app sends them. */
export type SolanaSignInInput = {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/**
 * The text a wallet signs for `solana:signIn`: the EIP-4361 layout with "Solana account", the advisory
 * fields in the order the Sign-In-With-Solana format lists them, each line only when the app gave it.
 */
export function createSignInMessageText(
  input: SolanaSignInInput & { domain: string; address: string },
): string {
  const header = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
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
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
  if (input.resources?.length)
    fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  return `${header}${statement}${fields.length ? `\n\n${fields.join('\n')}` : ''}`
}
