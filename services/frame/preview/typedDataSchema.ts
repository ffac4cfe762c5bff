import * as z from 'zod/mini'

const typedDataFieldSchema = z.object({ name: z.string(), type: z.string() })
export type TypedDataField = z.infer<typeof typedDataFieldSchema>

/** `eth_signTypedData_v4`'s second parameter, as a JSON string or an object (EIP-712). */
export const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(typedDataFieldSchema)),
  primaryType: z.string(),
  domain: z.object({
    name: z.optional(z.string()),
    version: z.optional(z.string()),
    chainId: z.optional(z.union([z.number(), z.string()])),
    verifyingContract: z.optional(z.string()),
  }),
  message: z.record(z.string(), z.unknown()),
})
export type TypedData = z.infer<typeof typedDataSchema>
