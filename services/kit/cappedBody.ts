/**
 * A fetch answer's body as text, read only up to `maxBytes`: past it the stream is cancelled and the answer
 * is undefined, so an upstream (a chain endpoint, a login provider, an onramp) can never make a service hold
 * more than the cap.
 */
export async function cappedBody(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
