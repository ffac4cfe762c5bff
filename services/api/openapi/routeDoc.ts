import { z } from 'zod'

/** Who may call a route: anyone, a page of a project (`?projectId=`, its Origin and rate limits), the operator. */
export type RouteAuth = 'none' | 'project' | 'admin'

/**
 * Who calls a route, so the reference can be held to the calls: `modal` is its api client (`apiUrl` and a
 * path), `modal (configured URL)` a URL the app gives it (`walletRegistryUrl`, the hosted RPC), `engine`
 * its verify resolver and frame, `api pages` the scripts of this api's own pages, `browser` a person
 * opening a page.
 */
export type RouteCaller =
  | 'modal'
  | 'modal (configured URL)'
  | 'engine'
  | 'api pages'
  | 'browser'
  | 'wallets'
  | 'ens clients'

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** One answer of a route: a JSON body checked by `json`, another media type, or none. */
export type ResponseDoc = {
  description: string
  /** The JSON body's schema (output side); absent for an answer without a JSON body. */
  json?: z.ZodType
  /** The media type of a body that is not JSON (an HTML page, a stylesheet, an icon). */
  media?: 'text/html' | 'text/css' | 'image/*'
}

/** The body a route reads: JSON unless said otherwise (sendBeacon's text/plain, an HTML form). */
export type RequestBodyDoc = {
  schema: z.ZodType
  media?: 'application/json' | 'text/plain' | 'application/x-www-form-urlencoded'
}

/**
 * One api route as its module declares it: the reference (`GET /openapi.json`, the README table) is built
 * from these, and a test holds them against the routes the app serves and the calls its clients make.
 */
export type RouteDoc = {
  method: RouteMethod
  /** OpenAPI's form, parameters in braces: `/v1/admin/projects/{id}`. */
  path: `/${string}`
  summary: string
  auth: RouteAuth
  /** Who calls it; none for a route only the operator's tools and tests call. */
  calledBy?: readonly RouteCaller[]
  /** The start option it needs, when it is served only with one (`onramp.sandbox`, `swap`, `names.signerKey`). */
  when?: string
  params?: z.ZodObject
  query?: z.ZodObject
  body?: RequestBodyDoc
  /** The answers by status; errors are the api's `{ code, message }` (`errorBodySchema`) unless listed. */
  responses: Readonly<Record<number, ResponseDoc>>
  /** Refusals come as HTML pages, not JSON (a page a person opens: the sandbox's checkout). */
  pageErrors?: true
}

/** A feature module's part of the reference: its OpenAPI tag and its routes. */
export type ModuleDocs = { tag: string; description: string; routes: readonly RouteDoc[] }

/**
 * Every error answer: `{ code, message }` (services/api/http/apiError.ts); the names service adds AppKit's
 * `status` and `reasons`, hence a loose object.
 */
export const errorBodySchema = z.looseObject({ code: z.string(), message: z.string() })

/** A JSON answer. */
export const json = (description: string, schema: z.ZodType): ResponseDoc => ({ description, json: schema })

/** An answer with no body (204, 304) or a redirect. */
export const empty = (description: string): ResponseDoc => ({ description })

/** An HTML page. */
export const page = (description: string): ResponseDoc => ({ description, media: 'text/html' })
