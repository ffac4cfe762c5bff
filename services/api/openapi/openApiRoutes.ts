import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { apiReference } from './apiReference.js'
import { openApiDocument } from './openApiDocument.js'

/**
 * `GET /openapi.json`: the reference as OpenAPI 3.1. It holds no secret and is the same for every
 * caller, so any origin may read it and caches may keep it. Built on an app's first request: its start
 * does not pay for it.
 */
export function openApiRoutes(): Hono {
  let served: string | undefined
  return new Hono()
    .use('/openapi.json', cors({ origin: '*', allowMethods: ['GET'] }))
    .get('/openapi.json', (c) => {
      served ??= JSON.stringify(openApiDocument(apiReference))
      return c.body(served, 200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=300',
      })
    })
}
