import type { RouteDoc } from './routeDoc.js'

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** `GET /v1/admin/projects/{id}` → `getV1AdminProjectsById`: a stable name for the operation and its schemas. */
export function operationId(route: Pick<RouteDoc, 'method' | 'path'>): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)
      if (parameter) return [`By${capitalized(parameter[1] ?? '')}`]
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalized)
    })
  return `${route.method}${words.join('')}`
}
