/** A data: URL's media type (lowercase, no parameters) and its body as text. */
export type DataUrl = { mediaType: string; text: string }

/**
 * Decodes `data:[<media type>][;base64],<data>` when the decoded body is at most `maxBytes`; the size is
 * checked before decoding, so an oversized URL costs no allocation. Undefined for anything else.
 */
export function decodeDataUrl(url: string, maxBytes: number): DataUrl | undefined {
  const comma = url.indexOf(',')
  if (!url.startsWith('data:') || comma < 0) return undefined
  const header = url.slice(5, comma)
  const data = url.slice(comma + 1)
  const base64 = /;base64$/i.test(header)
  const mediaType = (header.split(';')[0] ?? '').trim().toLowerCase() || 'text/plain'
  if (data.length > (base64 ? Math.ceil(maxBytes / 3) * 4 : maxBytes * 3)) return undefined
  let bytes: Buffer
  if (base64) bytes = Buffer.from(data, 'base64')
  else {
    try {
      bytes = Buffer.from(decodeURIComponent(data))
    } catch {
      // Unescaped '%' in a plain data URL: the text is taken as written.
      bytes = Buffer.from(data)
    }
  }
  if (bytes.length > maxBytes) return undefined
  return { mediaType, text: bytes.toString('utf8') }
}
