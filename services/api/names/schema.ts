import { z } from 'zod'
import { namesLimits } from './limits.js'

/** `POST /v1/names`: AppKit's register body. */
export const registerBodySchema = z.object({
  coin_type: z.number().int().nonnegative(),
  address: z.string().max(namesLimits.addressChars),
  message: z.string().max(namesLimits.messageChars),
  signature: z.string().max(namesLimits.signatureChars),
})

/**
 * The signed message: `JSON.stringify({ name, attributes: {}, timestamp })`, timestamp in seconds. No
 * attribute is stored, so attributes must be empty: a message asking for records would be registered
 * without them, and the wallet would have shown its signer something the name never gets.
 */
export const registerMessageSchema = z.object({
  name: z.string().max(namesLimits.maxNameLength),
  attributes: z.strictObject({}, { error: 'attributes must be {}: names hold no attributes' }),
  timestamp: z.number().int().nonnegative(),
})

const hex = (maxBytes: number) =>
  z
    .string()
    .max(2 + 2 * maxBytes)
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'expected 0x-prefixed hex bytes')

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address')

/** An EIP-3668 request: the lookup's sender (the resolver) and its call data. */
export const ccipRequestSchema = z.object({
  sender: address,
  data: hex(namesLimits.ccipCallDataBytes),
})

export type CcipRequest = z.output<typeof ccipRequestSchema>
