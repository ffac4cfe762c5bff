import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiReference } from '../../../../services/api/openapi/apiReference.js'
import { openApiDocument } from '../../../../services/api/openapi/openApiDocument.js'
import {
  type OpenApiDocument,
  openApiDocumentSchema,
  openApiMethods,
} from '../../../../services/api/openapi/openApiShape.js'
import { type EveryModuleApi, everyModuleApi, origin, type Served, servedRoutes } from './everyModuleApi.js'

const key = ({ method, path }: Served) => `${method.toUpperCase()} ${path}`

function documentedRoutes(document: OpenApiDocument): Served[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    openApiMethods.flatMap((method) =>
      item[method] !== undefined && method !== 'options' && method !== 'head' && method !== 'trace'
        ? [{ method, path }]
        : [],
    ),
  )
}

/** Every `$ref` anywhere under `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn)
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([name, inner]) =>
    name === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  )
}

describe('the api reference (GET /openapi.json)', () => {
  let api: EveryModuleApi
  let document: OpenApiDocument
  beforeAll(async () => {
    api = await everyModuleApi()
    const answer = await api.app.hono.request('http://api.test/openapi.json')
    expect(answer.status).toBe(200)
    document = openApiDocumentSchema.parse(await answer.json())
  })
  afterAll(() => api.close())

  test('CALL-01 every route the api serves is in the reference, and every route in it is served', () => {
    const served = servedRoutes(api.app).map(key).sort()
    const documented = documentedRoutes(document).map(key).sort()
    expect(documented).toEqual(served)
    expect(served.length).toBeGreaterThanOrEqual(45)
  })

  test('CALL-01 the reference is an OpenAPI 3.1 document whose references all resolve', () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    const components = new Set(
      Object.keys(document.components.schemas).map((id) => `#/components/schemas/${id}`),
    )
    const unresolved = refsIn(document).filter((ref) => !components.has(ref))
    expect(unresolved).toEqual([])
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item))
    const ids = operations.map((operation) => operation?.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    // Both ways: a requirement naming an undeclared scheme dangles, and a declared scheme no route requires
    // means the routes lost theirs.
    const schemes = Object.keys(document.components.securitySchemes ?? {}).sort()
    const required = operations.flatMap((operation) => (operation?.security ?? []).flatMap(Object.keys))
    expect([...new Set(required)].sort()).toEqual(schemes)
  })

  test("CALL-01 each path's parameters are the ones its template names", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      for (const operation of Object.values(item)) {
        const inPath = (operation?.parameters ?? []).filter((each) => each.in === 'path')
        expect(inPath.map((each) => each.name).sort(), path).toEqual(named)
        expect(inPath.every((each) => each.required)).toBe(true)
      }
    }
  })

  test('CALL-01 the document served is the one built from the modules, readable from any origin and cacheable', async () => {
    expect(document).toEqual(openApiDocument(apiReference))
    const answer = await api.app.hono.request('http://api.test/openapi.json', { headers: { origin } })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300')
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(JSON.stringify(await answer.json())).not.toMatch(/a{64}/)
  })
})
