import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { decodeDataUrl } from './dataUrl.js'
import { pinnedGet } from './pinnedGet.js'
import { PublicAddresses } from './publicAddress.js'

/** Every address a host name resolves to. */
export type HostResolver = (hostname: string) => Promise<readonly LookupAddress[]>

export type MetadataSourceOptions = {
  /**
   * Host names whose https token URIs and images may be used; none by default. Each must resolve to
   * public addresses only: a name whose DNS answer includes loopback or a private range is refused.
   */
  allowedHosts: readonly string[]
  /**
   * Exact origins (`http://127.0.0.1:4100`) that may be fetched even though they are loopback or
   * private: a local stack's own metadata host. None by default, and nothing else local is ever reached.
   */
  localOrigins: readonly string[]
  maxBytes: number
  /** How host names resolve; the system resolver by default. */
  resolve?: HostResolver
}

/** Most redirects one token URI may take; each hop is checked as the first request was. */
export const maxMetadataRedirects = 3

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true })
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * Whether `url` names a place metadata may come from, and which kind: an operator-listed local origin,
 * or an https URL on a listed host. Credentials in a URL are never sent. The WHATWG parser has already
 * turned decimal, octal and hex IPv4 spellings into dotted quads.
 */
function sourceKind(url: URL, options: MetadataSourceOptions): 'local' | 'public' | undefined {
  if (url.username || url.password) return undefined
  if (options.localOrigins.includes(url.origin)) return 'local'
  if (url.protocol === 'https:' && options.allowedHosts.includes(url.hostname)) return 'public'
  return undefined
}

const parsedUrl = (value: string, base?: URL) => {
  try {
    return new URL(value, base)
  } catch {
    return undefined
  }
}

/**
 * Reads token metadata and decides which image URLs a client is handed, so that the api connects only
 * to public addresses of listed hosts (or an operator's listed local origins) and a client is given no
 * URL into loopback or a private range.
 */
export class MetadataSource {
  private readonly addresses = new PublicAddresses()
  private readonly resolve: HostResolver

  constructor(private readonly options: MetadataSourceOptions) {
    this.resolve = options.resolve ?? systemResolver
  }

  /**
   * The metadata document a token URI names, as text: a JSON data: URL decoded, or an allowed URL
   * fetched (at most `maxBytes`, abandoned on `signal`, redirects followed by hand up to the cap and
   * each checked again). Undefined when it cannot be read; ipfs:// and other schemes are not read.
   */
  async read(uri: string, signal: AbortSignal): Promise<string | undefined> {
    if (uri.startsWith('data:')) {
      const decoded = decodeDataUrl(uri, this.options.maxBytes)
      return decoded && /^(application\/json|text\/plain)$/.test(decoded.mediaType) ? decoded.text : undefined
    }
    let url = parsedUrl(uri)
    for (let hop = 0; url && hop <= maxMetadataRedirects; hop++) {
      const pinned = await this.pinned(url)
      if (!pinned) return undefined
      const answer = await pinnedGet(url, pinned, { maxBytes: this.options.maxBytes, signal }).catch(
        () => undefined,
      )
      if (!answer) return undefined
      if (answer.status >= 300 && answer.status < 400 && answer.location !== undefined) {
        url = parsedUrl(answer.location, url)
        continue
      }
      return answer.status >= 200 && answer.status < 300 ? answer.body : undefined
    }
    return undefined
  }

  /**
   * Whether a client may be handed `image`: a data:image URL, or an https URL on a listed host that
   * resolves to public addresses only. Never a local origin's: the api reads those, clients are not sent there.
   */
  async showableImage(image: string): Promise<boolean> {
    if (/^data:image\//i.test(image)) return true
    const url = parsedUrl(image)
    return (
      url !== undefined &&
      sourceKind(url, this.options) === 'public' &&
      (await this.pinned(url)) !== undefined
    )
  }

  /** `showableImage` without DNS, for images stored under an earlier rule: the scheme, host and any literal address. */
  showableStoredImage(image: string): boolean {
    if (/^data:image\//i.test(image)) return true
    const url = parsedUrl(image)
    if (!url || sourceKind(url, this.options) !== 'public') return false
    const host = bareHost(url.hostname)
    return isIP(host) === 0 ? !/(^|\.)localhost$/i.test(host) : this.addresses.isPublic(host)
  }

  /**
   * The one address to connect to for `url`, or undefined when it may not be fetched: the name is
   * resolved once, and for a listed public host every address it resolves to must be public.
   */
  private async pinned(url: URL): Promise<LookupAddress | undefined> {
    const kind = sourceKind(url, this.options)
    if (!kind) return undefined
    const host = bareHost(url.hostname)
    const family = isIP(host)
    let addresses: readonly LookupAddress[]
    try {
      addresses = family === 0 ? await this.resolve(host) : [{ address: host, family }]
    } catch {
      return undefined
    }
    if (kind === 'public' && !addresses.every((each) => this.addresses.isPublic(each.address)))
      return undefined
    return addresses[0]
  }
}
