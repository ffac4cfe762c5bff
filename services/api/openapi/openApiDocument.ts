import { z } from 'zod'
import type { OpenApiDocument, OpenApiOperation } from './openApiShape.js'
import { operationId } from './operationId.js'
import { parameters } from './parameters.js'
import { errorBodySchema, type ModuleDocs, type RouteDoc } from './routeDoc.js'

type JsonSchema = Record<string, unknown>
type Io = 'input' | 'output'

const componentPath = '#/components/schemas/'
const errorComponent = 'Error'

/**
 * The request bodies (read as input: before defaults and transforms) and the answers (output) as named
 * components. A schema object given twice is one component, named after its first use.
 */
class Components {
  private readonly registries = { input: z.registry<{ id: string }>(), output: z.registry<{ id: string }>() }
  private readonly ids = { input: new Map<z.ZodType, string>(), output: new Map<z.ZodType, string>() }

  ref(io: Io, schema: z.ZodType, id: string): JsonSchema {
    let known = this.ids[io].get(schema)
    if (known === undefined) {
      known = id
      this.ids[io].set(schema, id)
      this.registries[io].add(schema, { id })
    }
    return { $ref: `${componentPath}${known}` }
  }

  schemas(): Record<string, JsonSchema> {
    const all: Record<string, JsonSchema> = {}
    for (const io of ['input', 'output'] as const) {
      const { schemas } = z.toJSONSchema(this.registries[io], {
        io,
        unrepresentable: 'any',
        uri: (id) => `${componentPath}${id}`,
      })
      // Each is a component of this document, not a document of its own.
      for (const [id, schema] of Object.entries(schemas)) {
        const { $schema: _dialect, $id: _uri, ...component } = schema
        all[id] = component
      }
    }
    return all
  }
}

const securitySchemeOf = { none: undefined, project: 'projectId', admin: 'adminToken' } as const

/** The security requirement of a route: none, or one scheme of `components.securitySchemes`. */
function security(auth: RouteDoc['auth']): Record<string, string[]>[] {
  const scheme = securitySchemeOf[auth]
  return scheme === undefined ? [] : [{ [scheme]: [] }]
}

function operation(route: RouteDoc, tag: string, components: Components): OpenApiOperation {
  const id = operationId(route)
  // Its schemas' component names: `getV1Balances` → `GetV1BalancesAnswer`, `PostV1NamesBody`.
  const name = `${id.charAt(0).toUpperCase()}${id.slice(1)}`
  const responses: OpenApiOperation['responses'] = {}
  for (const [status, answer] of Object.entries(route.responses)) {
    const schemaId = status === '200' ? `${name}Answer` : `${name}Answer${status}`
    const content = answer.json
      ? { 'application/json': { schema: components.ref('output', answer.json, schemaId) } }
      : answer.media && { [answer.media]: { schema: { type: 'string' } } }
    responses[status] = { description: answer.description, ...(content ? { content } : {}) }
  }
  responses.default = route.pageErrors
    ? {
        description: 'A refusal or failure, as a page',
        content: { 'text/html': { schema: { type: 'string' } } },
      }
    : {
        description: 'A refusal or failure: `{ code, message }`',
        content: {
          'application/json': { schema: components.ref('output', errorBodySchema, errorComponent) },
        },
      }
  const parameterList = [...parameters(route.params, 'path'), ...parameters(route.query, 'query')]
  return {
    operationId: id,
    summary: route.summary,
    ...(route.when ? { description: `Served only when the api is started with ${route.when}.` } : {}),
    tags: [tag],
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              [route.body.media ?? 'application/json']: {
                schema: components.ref('input', route.body.schema, `${name}Body`),
              },
            },
          },
        }
      : {}),
    responses,
    security: security(route.auth),
    ...(route.calledBy ? { 'x-called-by': [...route.calledBy] } : {}),
  }
}

/** The OpenAPI 3.1 document of `modules`: every route with its parameters, body and answers from their zod schemas. */
export function openApiDocument(modules: readonly ModuleDocs[]): OpenApiDocument {
  const components = new Components()
  const paths: OpenApiDocument['paths'] = {}
  for (const module of modules)
    for (const route of module.routes) {
      const item = paths[route.path] ?? {}
      item[route.method] = operation(route, module.tag, components)
      paths[route.path] = item
    }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Pairwise api',
      version: '1',
      description:
        "The api service's routes. Errors are JSON `{ code, message }`; a project's routes take `?projectId=` and answer only its allowed origins.",
    },
    tags: modules.map(({ tag, description }) => ({ name: tag, description })),
    paths,
    components: {
      schemas: components.schemas(),
      securitySchemes: {
        projectId: {
          type: 'apiKey',
          in: 'query',
          name: 'projectId',
          description: "The project's public id; the request's Origin must be one the project allows.",
        },
        adminToken: { type: 'http', scheme: 'bearer', description: "The api's admin token." },
      },
    },
  }
}
