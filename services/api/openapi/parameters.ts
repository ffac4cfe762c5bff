import { z } from 'zod'
import type { OpenApiParameter } from './openApiShape.js'

/** A query or path schema as parameters, one per property (always required in the path). */
export function parameters(schema: z.ZodObject | undefined, where: 'query' | 'path'): OpenApiParameter[] {
  if (!schema) return []
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  const required = new Set(json.required ?? [])
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = typeof property === 'boolean' ? { description: undefined } : property
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description === undefined ? {} : { description }),
      // A coerced or transformed value reads as any JSON; on the wire it is text.
      schema: Object.keys(rest).length === 0 ? { type: 'string' } : rest,
    }
  })
}
