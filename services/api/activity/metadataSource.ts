import { decodeDataUrl } from './dataUrl.js'

export type MetadataSourceOptions = {
  /** Hosts (besides loopback) whose http(s) token URIs may be fetched; none by default. */
  allowedHosts: readonly string[]
  maxBytes: number
}

const loopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)

/**
 * Whether an http(s) URL may be fetched (or shown to a client): only loopback hosts and those the
 * operator lists, so the api and the modal call no host the integrator did not configure.
 */
export function isAllowedHttpUrl(
  value: string,
  { allowedHosts }: Pick<MetadataSourceOptions, 'allowedHosts'>,
) {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (loopback(url.hostname) || allowedHosts.includes(url.hostname))
  )
}

/**
 * The metadata document a token URI names, as text: a JSON data: URL decoded, or an allowed http(s)
 * URL fetched (no redirects, at most `maxBytes`, abandoned on `signal`). Undefined when it cannot be
 * read; ipfs:// and other schemes are not read (no gateway is configured).
 */
export async function readMetadataDocument(
  uri: string,
  options: MetadataSourceOptions,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (uri.startsWith('data:')) {
    const decoded = decodeDataUrl(uri, options.maxBytes)
    return decoded && /^(application\/json|text\/plain)$/.test(decoded.mediaType) ? decoded.text : undefined
  }
  if (!isAllowedHttpUrl(uri, options)) return undefined
  const response = await fetch(uri, { signal, redirect: 'error', headers: { accept: 'application/json' } })
  if (!response.ok || !response.body) return undefined
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > options.maxBytes) {
    await response.body.cancel()
    return undefined
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > options.maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
