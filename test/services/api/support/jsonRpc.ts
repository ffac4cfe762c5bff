import type { Hono } from 'hono'

/** A JSON-RPC 2.0 call as a client sends it. */
export const call = (id: number, method: string, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

/** POSTs `body` to `path` as JSON (a string as it is, to send malformed JSON). */
export const postJson = (app: Hono, path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
