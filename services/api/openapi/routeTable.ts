import { z } from 'zod'
import { parameters } from './parameters.js'
import type { ModuleDocs, RouteDoc } from './routeDoc.js'

type JsonSchema = z.core.JSONSchema.JSONSchema

const auth = { none: 'public', project: 'project', admin: 'admin token' } as const

const convert = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' })

/** A schema in one line: an object's fields (optional ones marked `?`), an array's items, a union's members. */
function shape(json: JsonSchema | boolean | undefined): string {
  if (json === undefined || typeof json === 'boolean') return 'any'
  const union = json.anyOf ?? json.oneOf
  if (union) return union.map(shape).join(' | ')
  if (json.const !== undefined) return JSON.stringify(json.const)
  if (json.type === 'array') return `[${shape(Array.isArray(json.items) ? json.items[0] : json.items)}]`
  if (json.type === 'object' && json.properties) {
    const required = new Set(json.required ?? [])
    const fields = Object.keys(json.properties).map((name) => (required.has(name) ? name : `${name}?`))
    return `{ ${fields.join(', ')} }`
  }
  return typeof json.type === 'string' ? json.type : 'any'
}

/** The query's parameter names, optional ones marked `?`. */
const queryNames = (schema: z.ZodObject) =>
  parameters(schema, 'query')
    .map(({ name, required }) => `\`${required ? name : `${name}?`}\``)
    .join(', ')

function request(route: RouteDoc): string {
  const parts = []
  if (route.query) parts.push(`query ${queryNames(route.query)}`)
  if (route.body) {
    const media = route.body.media === undefined ? '' : ` (${route.body.media})`
    parts.push(`body \`${shape(convert(route.body.schema, 'input'))}\`${media}`)
  }
  return parts.join('; ')
}

function answers(route: RouteDoc): string {
  return Object.entries(route.responses)
    .map(([status, answer]) => {
      if (answer.json) return `${status} \`${shape(convert(answer.json, 'output'))}\``
      return answer.media ? `${status} ${answer.media}` : status
    })
    .join(', ')
}

// A pipe inside a cell would end it.
const cell = (text: string) => text.replaceAll('|', '\\|')

/**
 * The reference as the README's Markdown table: one row per route with its request and answers in one
 * line each; the full schemas are in `GET /openapi.json`.
 */
export function routeTable(modules: readonly ModuleDocs[]): string {
  const rows = modules.flatMap((module) =>
    module.routes.map((route) =>
      [
        `\`${route.method.toUpperCase()} ${route.path}\``,
        auth[route.auth],
        request(route),
        answers(route),
        route.when ? `${route.summary}. Only with ${route.when}.` : `${route.summary}.`,
      ]
        .map(cell)
        .join(' | '),
    ),
  )
  return [
    '| Route | Auth | Request | Answers | What |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n')
}
