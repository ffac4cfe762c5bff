import { type Address, type Hex, hexToBytes, isAddress, type SignableMessage } from 'viem'
import * as z from 'zod/mini'
import { isUnlimited } from './amounts.js'
import { flattenTypedData } from './flattenTypedData.js'
import type { SignaturePreview } from './schemas.js'
import { type TypedData, typedDataSchema } from './typedDataSchema.js'

export type PreviewSignatureParameters = {
  method: 'personal_sign' | 'eth_signTypedData_v4'
  /** The request's params as the host sent them; checked here (throws a ZodError). */
  params: unknown
}

const personalSignParams = z.tuple([z.string()], z.unknown())
const typedDataParams = z.tuple([z.string(), z.unknown()])

/** Control characters other than tab and line breaks would hide or fake parts of a text. */
const hiddenCharacter = /[^\P{Cc}\t\n\r]/u

/** Hex of whole bytes: what personal_sign takes as bytes. Any other text is taken as its UTF-8. */
const hexBytes = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * What personal_sign signs for `message`, read as the approval shows it (messageOf): its bytes when it is hex
 * of whole bytes, else the text itself. viem's `raw` takes any string as hex, so "hello" or "0xabc" had other
 * bytes signed than the approval showed.
 */
export function personalMessage(message: string): SignableMessage {
  return hexBytes.test(message) ? { raw: message as Hex } : message
}

function messageOf(message: string): Extract<SignaturePreview, { kind: 'message' }> {
  if (!hexBytes.test(message)) return { kind: 'message', encoding: 'utf8', text: message }
  try {
    // A leading byte order mark is kept: the decoder would drop it, showing text the bytes do not hold.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hexToBytes(message as Hex))
    if (!hiddenCharacter.test(text)) return { kind: 'message', encoding: 'utf8', text }
  } catch {
    // Not UTF-8: shown as the hex it came as.
  }
  return { kind: 'message', encoding: 'hex', text: message }
}

function bigIntOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return undefined
  try {
    return BigInt(value)
  } catch {
    return undefined
  }
}

const permitFields = ['owner', 'spender', 'value', 'nonce', 'deadline'] as const

/** EIP-2612: a `Permit` with owner, spender, value, nonce and deadline. */
function permitOf({ types, primaryType, message }: TypedData) {
  const declared = types.Permit ?? []
  if (primaryType !== 'Permit' || !permitFields.every((name) => declared.some((f) => f.name === name))) {
    return undefined
  }
  const { owner, spender } = message
  if (typeof owner !== 'string' || typeof spender !== 'string') return undefined
  const [value, nonce, deadline] = [message.value, message.nonce, message.deadline].map(bigIntOf)
  if (!isAddress(owner) || !isAddress(spender) || value === undefined) return undefined
  if (nonce === undefined || deadline === undefined) return undefined
  return {
    owner: owner as Address,
    spender: spender as Address,
    value,
    unlimited: isUnlimited(value),
    nonce,
    deadline,
  }
}

function typedDataOf(raw: unknown): Extract<SignaturePreview, { kind: 'typedData' }> {
  const typedData = typedDataSchema.parse(raw)
  const { name, version, chainId, verifyingContract } = typedData.domain
  const domain = {
    ...(name === undefined ? {} : { name }),
    ...(version === undefined ? {} : { version }),
    ...(chainId === undefined ? {} : { chainId }),
    ...(verifyingContract === undefined ? {} : { verifyingContract }),
  }
  const { fields, truncated } = flattenTypedData(typedData.types, typedData.primaryType, typedData.message)
  const permit = permitOf(typedData)
  return {
    kind: 'typedData',
    domain,
    primaryType: typedData.primaryType,
    fields,
    truncated,
    ...(permit ? { permit } : {}),
  }
}

/**
 * What signing will agree to: a personal message as UTF-8 text when it decodes to printable text (else
 * its hex), or typed data's domain, primary type and fields, with an EIP-2612 permit spelled out.
 */
export function previewSignature({ method, params }: PreviewSignatureParameters): SignaturePreview {
  if (method === 'personal_sign') return messageOf(personalSignParams.parse(params)[0])
  return typedDataOf(typedDataParams.parse(params)[1])
}
