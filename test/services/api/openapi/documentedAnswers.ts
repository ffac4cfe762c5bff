import { expect } from 'vitest'
import { apiReference } from '../../../../services/api/openapi/apiReference.js'
import { errorBodySchema, type RouteDoc } from '../../../../services/api/openapi/routeDoc.js'
import { pathMatches } from './clientCalls.js'

const routes = apiReference.flatMap((module) => module.routes)

function routeOf(method: string, path: string): RouteDoc {
  const route = routes.find((each) => each.method === method.toLowerCase() && pathMatches(path, each.path))
  if (!route) throw new Error(`${method} ${path} is not in the reference`)
  return route
}

/**
 * Holds a real answer of the api to what the reference says of it: a documented status (or an error with
 * the error body), the JSON body its schema accepts, another body of its media type. Resolves to the
 * route it matched, for the tally of routes seen answering.
 */
export async function expectDocumented(method: string, url: string, answer: Response): Promise<RouteDoc> {
  const path = new URL(url).pathname
  const route = routeOf(method, path)
  const where = `${method} ${path} → ${answer.status}`
  const documented = route.responses[answer.status]
  if (answer.status >= 400) {
    if (route.pageErrors) expect(answer.headers.get('content-type'), where).toContain('text/html')
    else expect(errorBodySchema.safeParse(await answer.json()).error, where).toBeUndefined()
    return route
  }
  expect(documented, `${where} is not a documented status`).toBeDefined()
  if (documented?.json) {
    expect(answer.headers.get('content-type'), where).toMatch(/^application\/json/)
    expect(documented.json.safeParse(await answer.json()).error, where).toBeUndefined()
  } else if (documented?.media) {
    const media = documented.media.replace('*', '')
    expect(answer.headers.get('content-type'), where).toContain(media)
  }
  return route
}
