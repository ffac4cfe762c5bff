import type { SIWXSession } from '@pairwise/engine/siwx'
import { getAddress, isAddress } from 'viem'
import { checkSiwxMessage, type MessageCheckContext } from './checkSiwxMessage.js'
import { siwxErrors } from './errors.js'
import type { SiwxNonceStore } from './nonceStore.js'
import type { SignIn } from './sessionStore.js'
import { bitcoinNetworkOf } from './verify/bitcoinNetworks.js'

/** Helper C's signature check (services/api/siwx/verify): false for any signature it cannot accept. */
export type SiwxVerify = (input: {
  chainId: string
  address: string
  message: string
  signature: string
}) => Promise<boolean>

/**
 * Whether `address` is a bech32 (or bech32m) address of the bip122 chain: its network's prefix and `1`, all
 * in one case. BIP-173 makes the upper and lower forms one address; base58 addresses never start with a
 * bech32 prefix and stay as spelled, since their case is part of them.
 */
function isBech32Of(chainId: string, address: string): boolean {
  const prefix = bitcoinNetworkOf(chainId.slice('bip122:'.length))?.bech32
  if (prefix === undefined) return false
  const lower = address.toLowerCase()
  return lower.startsWith(`${prefix}1`) && (address === lower || address === address.toUpperCase())
}

/**
 * The address a session is kept and looked up under, one spelling per address: EIP-55 on eip155 (any case
 * matches), lower case for a bech32 address on bip122, else as given.
 */
export function storedAddress(chainId: string, address: string): string {
  if (chainId.startsWith('eip155:') && isAddress(address, { strict: false })) return getAddress(address)
  if (chainId.startsWith('bip122:') && isBech32Of(chainId, address)) return address.toLowerCase()
  return address
}

/**
 * A sign-in the server accepts: the message checks, then its nonce is consumed (recorded used by one INSERT;
 * used up even when the signature then fails, so a nonce is never tried twice), then the signature.
 * `consumed` holds the nonces this request used up already: a wallet signs one message per chain with
 * the one nonce (WalletConnect's one-click sign-in), and those come in one request.
 */
export async function acceptSignIn(
  session: SIWXSession,
  context: MessageCheckContext & { projectId: string },
  deps: { nonces: SiwxNonceStore; verify: SiwxVerify; consumed?: Set<string> },
): Promise<SignIn> {
  const { expiresAt } = checkSiwxMessage(session, context)
  const { data, message, signature } = session
  if (!deps.consumed?.has(data.nonce)) {
    if (!(await deps.nonces.consume(context.projectId, data.nonce, context.now)))
      throw siwxErrors.nonceInvalid()
    deps.consumed?.add(data.nonce)
  }
  const valid = await deps
    .verify({ chainId: data.chainId, address: data.accountAddress, message, signature })
    .catch(() => false)
  if (!valid) throw siwxErrors.invalidSignature()
  return {
    chainId: data.chainId,
    address: storedAddress(data.chainId, data.accountAddress),
    session,
    expiresAt,
  }
}
