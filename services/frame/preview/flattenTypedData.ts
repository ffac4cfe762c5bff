import type { TypedDataField } from './typedDataSchema.js'
import { arrayType } from './typedDataValues.js'

export type FlatField = { path: string; type: string; value: string }

/** A typed-data message of any size is shown as at most this many fields, nested at most this deep. */
export const maxFields = 200
const maxDepth = 16

function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/**
 * The message's leaves in declaration order, named by their path ("from.wallet", "details[0].amount"),
 * with `truncated` when the caps cut the walk short.
 */
export function flattenTypedData(
  types: Record<string, readonly TypedDataField[]>,
  primaryType: string,
  message: unknown,
): { fields: FlatField[]; truncated: boolean } {
  const fields: FlatField[] = []
  let truncated = false
  const walk = (type: string, value: unknown, path: string, depth: number) => {
    if (fields.length >= maxFields || depth > maxDepth) {
      truncated = true
      return
    }
    const array = arrayType.exec(type)
    const members = types[type]
    if (array && Array.isArray(value)) {
      for (const [index, item] of value.entries())
        walk(array[1] as string, item, `${path}[${index}]`, depth + 1)
    } else if (members && typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>
      for (const member of members) {
        walk(member.type, record[member.name], path ? `${path}.${member.name}` : member.name, depth + 1)
      }
    } else {
      fields.push({ path, type, value: valueText(value) })
    }
  }
  walk(primaryType, message, '', 0)
  return { fields, truncated }
}
