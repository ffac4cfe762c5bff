import { type Address, getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem'
import { normalize } from 'viem/ens'
import type { SendToken } from './transfer.js'

/** Why a recipient cannot be sent to; each names a text of the send feature. */
export type RecipientIssue =
  | { kind: 'invalid' }
  | { kind: 'checksum' }
  | { kind: 'zeroAddress' }
  | { kind: 'tokenContract'; symbol: string }
  | { kind: 'namesUnsupported' }
  | { kind: 'notFound'; name: string }
  | { kind: 'lookupFailed'; name: string }

export type Recipient = { ok: true; address: Address; name?: string } | { ok: false; issue: RecipientIssue }

/** Looks a normalised name up: its address, or null when it resolves to none. */
export type NameResolver = (name: string) => Promise<Address | null>

const hexAddress = /^0x[0-9a-fA-F]{40}$/

/**
 * What the visitor wrote in the recipient field: an EVM address (40 hex characters, §5; one in mixed case
 * must carry a valid EIP-55 checksum, as a typo in it would otherwise send to a stranger, while one all in
 * lower or all in upper case, as QR codes carry it, has none to check), or a name (`alice.eth`), normalised
 * (ENSIP-15) and resolved through `resolveName`, which is absent when the network has no universal resolver.
 * Undefined when the field is empty.
 */
export async function readRecipient(
  text: string,
  resolveName: NameResolver | undefined,
): Promise<Recipient | undefined> {
  const value = text.trim()
  if (value === '') return undefined
  if (hexAddress.test(value)) {
    if (mixedCase(value) && !isAddress(value, { strict: true }))
      return { ok: false, issue: { kind: 'checksum' } }
    return { ok: true, address: getAddress(value) }
  }
  const name = normalizedName(value)
  if (!name) return { ok: false, issue: { kind: 'invalid' } }
  if (!resolveName) return { ok: false, issue: { kind: 'namesUnsupported' } }
  let address: Address | null
  try {
    address = await resolveName(name)
  } catch {
    return { ok: false, issue: { kind: 'lookupFailed', name } }
  }
  return address
    ? { ok: true, address: getAddress(address), name }
    : { ok: false, issue: { kind: 'notFound', name } }
}

/**
 * The recipient as one for `token`: refused when it is the zero address, whose coins no key can ever spend,
 * or the token's own contract, which keeps what is transferred to it with no way to hand it back.
 */
export function recipientFor(recipient: Recipient, token: SendToken): Recipient {
  if (!recipient.ok) return recipient
  if (isAddressEqual(recipient.address, zeroAddress)) return { ok: false, issue: { kind: 'zeroAddress' } }
  if (token.contract && isAddressEqual(recipient.address, token.contract))
    return { ok: false, issue: { kind: 'tokenContract', symbol: token.symbol } }
  return recipient
}

/** Whether the 40 hex digits of `address` have letters in both cases, which EIP-55 reads as a checksum. */
function mixedCase(address: string): boolean {
  const digits = address.slice(2)
  return digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
}

/** A name has a dot between labels (`alice.eth`); one ENSIP-15 refuses (`al ice.eth`) is no name. */
function normalizedName(value: string): string | undefined {
  if (!/^[^.\s]+(\.[^.\s]+)+$/.test(value)) return undefined
  try {
    return normalize(value)
  } catch {
    return undefined
  }
}
