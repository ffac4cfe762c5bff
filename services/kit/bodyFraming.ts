import type { IncomingMessage } from 'node:http'

/**
 * Why the framing of `request`'s body is refused, or `undefined` when it is one every reader of the bytes
 * agrees on: no Transfer-Encoding (Content-Length, or no body), or one header holding exactly `chunked`,
 * in any case, on HTTP/1.1. Node's parser takes more (`gzip, chunked`, the codings split over two
 * headers; `identity` or `gzip` alone reach the handler and fault only after it ran), and a proxy in front
 * that ends the body elsewhere lets a client hide a second request inside the first. Two Content-Length
 * headers, or Content-Length beside Transfer-Encoding, Node refuses itself before any handler runs.
 */
export function bodyFramingFault(request: IncomingMessage): string | undefined {
  // Node joins repeated Transfer-Encoding headers into one: none here means none at all, and the request
  // skips building every header's list of values.
  if (request.headers['transfer-encoding'] === undefined) return undefined
  // Present, as `headers` said; no list at all would read as a framing other than exactly chunked.
  const codings = request.headersDistinct['transfer-encoding'] ?? []
  // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means its framing is faulty.
  if (request.httpVersion !== '1.1') return `Transfer-Encoding in an HTTP/${request.httpVersion} request`
  if (codings.length !== 1 || codings[0]?.toLowerCase() !== 'chunked')
    return 'Transfer-Encoding other than exactly chunked'
  return undefined
}
