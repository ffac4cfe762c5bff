import { isAddress } from 'viem'

/** `T[]` or `T[n]`: the item type, and the length when fixed. */
export const arrayType = /^(.*)\[(\d*)\]$/

/** A member of a typed-data struct, as `types` lists it. */
type Member = { readonly name: string; readonly type: string }
const integerType = /^(u?)int(\d{1,3})?$/
const fixedBytesType = /^bytes([1-9]|[12]\d|3[0-2])$/
const integerText = /^(?:-?\d{1,78}|0x[0-9a-fA-F]{1,64})$/
const hexBytes = /^0x(?:[0-9a-fA-F]{2})*$/
/** Deeper than the frame would ever show (flattenTypedData stops at 16): viem hashes it by recursion as deep. */
const maxDepth = 64

/**
 * The integer a value stands for, given as its type's text is shown: a number whose text is its digits (not
 * "1e+21", nor one past 2^53 that JSON rounded), or decimal or hex text.
 */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && BigInt(value).toString() === String(value) ? BigInt(value) : undefined
  return typeof value === 'string' && integerText.test(value) ? BigInt(value) : undefined
}

/** The atomic types of EIP-712 but integers and fixed bytes, each with the values it takes. */
const atomic: Record<string, (value: unknown) => boolean> = {
  bool: (value) => typeof value === 'boolean',
  string: (value) => typeof value === 'string',
  address: (value) => typeof value === 'string' && isAddress(value),
  bytes: (value) => typeof value === 'string' && hexBytes.test(value),
}

function leafProblem(type: string, value: unknown): string | undefined {
  const integer = integerType.exec(type)
  const bits = Number(integer?.[2] ?? 256)
  if (integer && bits % 8 === 0 && bits >= 8 && bits <= 256) {
    const signed = integer[1] === ''
    const max = 2n ** BigInt(signed ? bits - 1 : bits) - 1n
    const n = integerOf(value)
    return n === undefined || n > max || n < (signed ? -max - 1n : 0n) ? `is not of type ${type}` : undefined
  }
  const fixed = fixedBytesType.exec(type)
  if (fixed)
    return typeof value === 'string' && hexBytes.test(value) && value.length === 2 + 2 * Number(fixed[1])
      ? undefined
      : `is not ${fixed[1]} bytes of hex`
  const accepts = Object.hasOwn(atomic, type) ? atomic[type] : undefined
  if (!accepts) return `has no type ${type}`
  return accepts(value) ? undefined : `is not of type ${type}`
}

/**
 * Why `value` is not a `type` of `types`, if it is not, naming where: viem signs what it makes of any value
 * (a list ["5"] as the uint 5, true as 1, an object as a string of bytes), which the approval would show as
 * something else, and a Permit so disguised would lose its warning. A value of its type is shown as signed.
 */
export function typedValueProblem(
  types: Record<string, readonly Member[]>,
  type: string,
  value: unknown,
  path = '',
  depth = 0,
): string | undefined {
  const at = (problem: string) => `${path || 'the message'} ${problem}`
  if (depth > maxDepth) return at('is nested too deep')
  const array = arrayType.exec(type)
  if (array) {
    if (!Array.isArray(value)) return at(`is not of type ${type}`)
    if (array[2] !== '' && value.length !== Number(array[2])) return at(`does not hold ${array[2]} items`)
    for (const [index, item] of value.entries()) {
      const problem = typedValueProblem(types, array[1] as string, item, `${path}[${index}]`, depth + 1)
      if (problem) return problem
    }
    return undefined
  }
  const members = Object.hasOwn(types, type) ? types[type] : undefined
  if (!members) {
    const problem = leafProblem(type, value)
    return problem && at(problem)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return at(`is not of type ${type}`)
  const record = value as Record<string, unknown>
  for (const member of members) {
    const name = path ? `${path}.${member.name}` : member.name
    const problem = typedValueProblem(types, member.type, record[member.name], name, depth + 1)
    if (problem) return problem
  }
  return undefined
}
