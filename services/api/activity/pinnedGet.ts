import type { LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'

/** What one GET answered: its status, its Location when it redirects, its body when it fits the cap. */
export type PinnedAnswer = { status: number; location?: string; body?: string }

/**
 * One GET of `url` over a connection to `pinned`, the address already checked for its host name: the
 * socket is opened to that address and no other lookup is made (TLS still checks the certificate
 * against the name). No pooled socket is reused. The body is read only for a 2xx answer, up to
 * `maxBytes`; a larger one, or `signal` aborting, gives no body.
 */
export function pinnedGet(
  url: URL,
  pinned: LookupAddress,
  { maxBytes, signal }: { maxBytes: number; signal: AbortSignal },
): Promise<PinnedAnswer> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    // net asks for every address when it may try several families; the pinned one is the only answer.
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: 'GET',
      agent: false,
      lookup,
      signal,
      headers: { accept: 'application/json' },
    })
    outgoing.on('error', reject)
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0
      if (status < 200 || status >= 300) {
        response.destroy()
        resolve({ status, ...(response.headers.location ? { location: response.headers.location } : {}) })
        return
      }
      readCapped(response, maxBytes).then(
        (body) => resolve({ status, ...(body === undefined ? {} : { body }) }),
        reject,
      )
    })
    outgoing.end()
  })
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy()
    return undefined
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response) {
    const bytes = chunk as Buffer
    size += bytes.byteLength
    if (size > maxBytes) {
      response.destroy()
      return undefined
    }
    chunks.push(bytes)
  }
  return Buffer.concat(chunks).toString('utf8')
}
