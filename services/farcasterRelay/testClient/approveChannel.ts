import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { relayKeyHeader, relayPaths } from '../protocol.js'

/** What a test changes in the message it signs, to see the sign-in refused. */
export type Tampering = { nonce?: string; domain?: string; fid?: bigint }

export type ApproveChannel = {
  relayUrl: string
  relayKey: string
  /** The channel's link, as the app server shows it (QR code or deep link). */
  url: string
  /** The fid's custody key, an auth address of it, or any other key. */
  signer: PrivateKeyAccount
  fid: bigint
  username?: string
  tamper?: Tampering
  /** Default 5 s. */
  timeoutMs?: number
}

/** What a channel's link asks a Farcaster app to sign, read from its query. */
export type ChannelLink = { channelToken: string; nonce: string; domain: string; siweUri: string }

/** The channel a link names, or undefined for a link without a channel token, nonce, domain and URI. */
export function channelLinkOf(url: string): ChannelLink | undefined {
  let asked: URLSearchParams
  try {
    asked = new URL(url).searchParams
  } catch {
    return undefined
  }
  const [channelToken, nonce, domain, siweUri] = ['channelToken', 'nonce', 'domain', 'siweUri'].map((name) =>
    asked.get(name),
  )
  return channelToken && nonce && domain && siweUri ? { channelToken, nonce, domain, siweUri } : undefined
}

/**
 * A Farcaster app, as far as Sign In With Farcaster goes: it reads the channel's link, builds the SIWE
 * message it asks for (OP Mainnet, "Farcaster Auth", the fid's resource), signs it with `signer` and
 * posts it to the relay with the relay key. The relay's answer is returned as it is.
 */
export async function approveChannel(options: ApproveChannel): Promise<Response> {
  const link = channelLinkOf(options.url)
  if (!link) throw new Error(`not a channel link: ${options.url}`)
  const message = createSiweMessage({
    address: options.signer.address,
    chainId: 10,
    domain: options.tamper?.domain ?? link.domain,
    nonce: options.tamper?.nonce ?? link.nonce,
    uri: link.siweUri,
    version: '1',
    statement: 'Farcaster Auth',
    issuedAt: new Date(),
    resources: [`farcaster://fid/${options.tamper?.fid ?? options.fid}`],
  })
  const signature: Hex = await options.signer.signMessage({ message })
  return fetch(`${options.relayUrl}${relayPaths.channelAuthenticate}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${link.channelToken}`,
      [relayKeyHeader]: options.relayKey,
    },
    body: JSON.stringify({
      message,
      signature,
      fid: Number(options.fid),
      username: options.username ?? `fid${options.fid}`,
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
  })
}
