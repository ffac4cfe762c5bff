import type { MiddlewareHandler } from 'hono'
import { originNotAllowed } from '../../api/http/apiError.js'

/**
 * Refuses (403) a post that a page on another origin made: its form would approve a sign-in as the test fid
 * for whoever runs that page. A browser says where a post comes from in `Sec-Fetch-Site`, which no page can
 * set and which stays right behind a TLS proxy; one too old for it names the page in `Origin`. A request with
 * neither comes from no browser (a script, curl), which holds nothing a page could borrow, so it passes.
 */
export const ownPageOnly: MiddlewareHandler = async (c, next) => {
  const site = c.req.header('sec-fetch-site')
  const origin = c.req.header('origin')
  const ownPage =
    site !== undefined ? site === 'same-origin' : origin === undefined || origin === new URL(c.req.url).origin
  if (!ownPage) throw originNotAllowed()
  await next()
}
