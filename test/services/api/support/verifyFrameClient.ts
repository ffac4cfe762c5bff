import { Hono } from 'hono'
import type { VerifyFrame, VerifyHashes } from '../../../../engine/index.js'
import type { ApiRoutes } from '../../../../services/api/http/directRoute.js'
import { appWith } from './routeHarness.js'

/** `app.request` of a Hono app, or `fetch` against a listening server's base URL. */
export type Requester = (path: string, init?: RequestInit) => Promise<Response>

/** Whom the api counts the request against (the test app sets `clientAddress` from this header). */
export const TEST_CLIENT_HEADER = 'x-test-client'

export type FrameLoad = { projectId?: string; client?: string; headers?: Record<string, string> }

/**
 * `GET /verify/frame` with the headers a browser sends when a page on `origin` loads it in an iframe.
 * Nothing here is beyond a script: that is the limit the README's "What VALID proves" states.
 */
export function loadVerifyFrame(request: Requester, origin: string, load: FrameLoad = {}): Promise<Response> {
  const query = new URLSearchParams({ origin, ...(load.projectId ? { projectId: load.projectId } : {}) })
  return request(`/verify/frame?${query}`, {
    headers: {
      'sec-fetch-dest': 'iframe',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-site': 'cross-site',
      referer: `${origin}/`,
      [TEST_CLIENT_HEADER]: load.client ?? 'client-a',
      ...load.headers,
    },
  })
}

/** The one-time challenge the frame page carries. */
export function challengeIn(html: string): string {
  const config = /<script id="pairwise-verify" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1]
  if (config === undefined) throw new Error('the page carries no verify config')
  return (JSON.parse(config) as { challenge: string }).challenge
}

/** The frame's own `POST /attestation`: same-origin, as its script sends it. */
export function registerFromFrame(
  request: Requester,
  body: unknown,
  options: { client?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return request('/attestation', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
      [TEST_CLIENT_HEADER]: options.client ?? 'client-a',
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** The whole flow a browser frame on `origin` runs for one message; the api's answer to the registration. */
export async function registerAs(
  request: Requester,
  origin: string,
  hashes: { id?: string; decryptedId?: string },
  load: FrameLoad = {},
): Promise<Response> {
  const page = await loadVerifyFrame(request, origin, load)
  if (page.status !== 200) return page
  const challenge = challengeIn(await page.text())
  return registerFromFrame(request, { challenge, ...hashes }, { client: load.client })
}

/** `routes` as `appWith` answers them, each request counted against the client its test header names. */
export function appWithClients(routes: ApiRoutes): Hono {
  const app = new Hono()
  app.use(async (c, next) => {
    c.set('clientAddress', c.req.header(TEST_CLIENT_HEADER) ?? 'unknown')
    await next()
  })
  return app.route('/', appWith(routes))
}

/**
 * A VerifyFrame for Node tests: what the browser frame of a page on `origin` sends to the server at `url`,
 * imitated step for step, and the hashes it was handed.
 */
export function imitatedFrame(
  url: string,
  origin: string,
  options: { projectId?: string; registered?: VerifyHashes[] } = {},
): VerifyFrame {
  return async (hashes, signal) => {
    options.registered?.push(hashes)
    const request: Requester = (path, init) => fetch(`${url}${path}`, { ...init, signal })
    const response = await registerAs(request, origin, hashes, { projectId: options.projectId })
    if (!response.ok) throw new Error(`the verify server answered ${response.status}`)
    return ((await response.json()) as { attestation: string | null }).attestation ?? undefined
  }
}
