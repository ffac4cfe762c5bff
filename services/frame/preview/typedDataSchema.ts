import { type Address, type Hex, isAddress, maxUint256 } from 'viem'
import * as z from 'zod/mini'
import { typedValueProblem } from './typedDataValues.js'

const typedDataFieldSchema = z.object({ name: z.string(), type: z.string() })
export type TypedDataField = z.infer<typeof typedDataFieldSchema>

/** EIP-712's domain fields, in its order, each with the one type it gives them. */
const domainFieldTypes = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
} as const
type DomainField = keyof typeof domainFieldTypes
const domainFields = Object.keys(domainFieldTypes) as DomainField[]
const isDomainField = (name: string): name is DomainField => Object.hasOwn(domainFieldTypes, name)

/** A chain id as dapps send it: a safe integer, decimal text or hex; read as the uint256 it is signed as. */
const uint256 = z
  .pipe(
    z.union([
      z.int().check(z.nonnegative()),
      z.string().check(z.regex(/^(?:0x[0-9a-fA-F]{1,64}|\d{1,78})$/)),
    ]),
    z.transform((value) => BigInt(value)),
  )
  .check(z.refine((value) => value <= maxUint256, 'more than a uint256'))

const domainSchema = z.strictObject({
  name: z.optional(z.string()),
  version: z.optional(z.string()),
  chainId: z.optional(uint256),
  verifyingContract: z.optional(
    z.custom<Address>((value) => typeof value === 'string' && isAddress(value), 'not an address'),
  ),
  salt: z.optional(
    z.custom<Hex>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value), 'not 32 bytes'),
  ),
})

/**
 * Why the domain's declared fields (`types.EIP712Domain`) would sign another domain than the one given, if
 * they would. A field given but not declared is left out of the signature, so a frame showing it (a chain, a
 * contract) would promise a binding the signature does not have; any other field is not EIP-712's.
 */
function domainMismatch(declared: readonly TypedDataField[], given: DomainField[]): string | undefined {
  const names = declared.map((field) => field.name)
  for (const { name, type } of declared) {
    if (!isDomainField(name)) return `EIP712Domain declares "${name}", not an EIP-712 domain field`
    if (domainFieldTypes[name] !== type) return `EIP712Domain declares ${name} as ${type}`
  }
  if (new Set(names).size !== names.length) return 'EIP712Domain declares a field twice'
  const undeclared = given.find((name) => !names.includes(name))
  if (undeclared) return `the domain's ${undeclared} is not declared in EIP712Domain`
  const missing = names.find((name) => !given.includes(name as DomainField))
  return missing ? `EIP712Domain declares ${missing}, which the domain does not give` : undefined
}

/**
 * `eth_signTypedData_v4`'s second parameter, as a JSON string or an object (EIP-712), read into what is
 * signed: the domain's fields typed, and `types.EIP712Domain` always set, to the request's declaration or, when
 * it has none, to every field the domain gives. viem would otherwise infer the declaration and leave out a
 * chain id given as text, signing for any chain while the frame showed one.
 */
export const typedDataSchema = z.pipe(
  z.union([
    z.pipe(
      z.string(),
      z.transform((text, context) => {
        try {
          return JSON.parse(text) as unknown
        } catch {
          context.issues.push({ code: 'custom', message: 'typed data is not JSON', input: text })
          return z.NEVER
        }
      }),
    ),
    z.unknown(),
  ]),
  z.pipe(
    z.object({
      types: z.record(z.string(), z.array(typedDataFieldSchema)),
      primaryType: z.string(),
      domain: domainSchema,
      message: z.record(z.string(), z.unknown()),
    }),
    z.transform(({ types, primaryType, domain, message }, context) => {
      const given = domainFields.filter((name) => domain[name] !== undefined)
      const declared = types.EIP712Domain ?? given.map((name) => ({ name, type: domainFieldTypes[name] }))
      const signed: Record<string, TypedDataField[]> = { ...types, EIP712Domain: declared }
      const mismatch =
        primaryType === 'EIP712Domain' || !Object.hasOwn(types, primaryType)
          ? `primaryType ${primaryType} is not a message type of the request`
          : (domainMismatch(declared, given) ?? typedValueProblem(signed, primaryType, message))
      if (mismatch) {
        context.issues.push({ code: 'custom', message: mismatch, input: { types, domain } })
        return z.NEVER
      }
      return { types: signed, primaryType, domain, message }
    }),
  ),
)
export type TypedData = z.output<typeof typedDataSchema>
