import { type AuthPayload, buildAuthObject, type Cacao, type SignClient } from '@pairwise/engine'
import type { PrivateKeyAccount } from 'viem'

/** Why the wallet declines a sign-in: it signs only for eip155 chains (5100, UNSUPPORTED_CHAINS). */
export class SignInRefused extends Error {
  override readonly name = 'SignInRefused'
}

/**
 * The CACAOs the wallet answers a sign-in with: for every eip155 chain the dapp asked for, the SIWE
 * message the client formats for `did:pkh:<chain>:<address>`, signed with EIP-191 (personal_sign) by
 * `account`. Throws SignInRefused when the dapp asked for no eip155 chain.
 */
export async function signInCacaos(
  client: SignClient,
  account: PrivateKeyAccount,
  request: AuthPayload,
): Promise<Cacao[]> {
  const chains = request.chains.filter((chain) => chain.startsWith('eip155:'))
  if (chains.length === 0)
    throw new SignInRefused(
      `The dapp asked to sign in on ${request.chains.join(', ') || 'no chain'}, none eip155`,
    )
  return Promise.all(
    chains.map(async (chain) => {
      const iss = `did:pkh:${chain}:${account.address}`
      const signature = await account.signMessage({ message: client.formatAuthMessage({ request, iss }) })
      return buildAuthObject(request, { t: 'eip191', s: signature }, iss)
    }),
  )
}
