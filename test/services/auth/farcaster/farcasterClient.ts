import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

/** What a Farcaster app changes in the message it signs, for the refusal tests. */
export type Tampering = { nonce?: string; domain?: string; fid?: bigint }

/**
 * A Farcaster app, as far as Sign In With Farcaster goes: it reads the channel's `farcaster://connect`
 * URL, builds the SIWE message it asks for (OP Mainnet, "Farcaster Auth", the fid's resource), signs it
 * with `signer` (the fid's custody key or an auth address) and posts it to the relay with its key.
 */
export async function approveChannel(options: {
  relayUrl: string
  relayKey: string
  url: string
  signer: PrivateKeyAccount
  fid: bigint
  username?: string
  tamper?: Tampering
}): Promise<Response> {
  const asked = new URL(options.url).searchParams
  const channelToken = asked.get('channelToken')
  const nonce = options.tamper?.nonce ?? asked.get('nonce')
  const domain = options.tamper?.domain ?? asked.get('domain')
  const uri = asked.get('siweUri')
  if (!channelToken || !nonce || !domain || !uri) throw new Error(`not a channel URL: ${options.url}`)
  const message = createSiweMessage({
    address: options.signer.address,
    chainId: 10,
    domain,
    nonce,
    uri,
    version: '1',
    statement: 'Farcaster Auth',
    issuedAt: new Date(),
    resources: [`farcaster://fid/${options.tamper?.fid ?? options.fid}`],
  })
  const signature: Hex = await options.signer.signMessage({ message })
  return fetch(`${options.relayUrl}/v1/channel/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${channelToken}`,
      'x-farcaster-auth-relay-key': options.relayKey,
    },
    body: JSON.stringify({
      message,
      signature,
      fid: Number(options.fid),
      username: options.username ?? `fid${options.fid}`,
    }),
  })
}
