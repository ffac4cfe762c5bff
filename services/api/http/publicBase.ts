/**
 * The base of the URLs a module hands browsers (icons, checkout pages): the api's configured public URL
 * without a trailing slash, a proxy's path prefix kept. Undefined without one: clients then reach the api
 * directly (the local stack), and the request's own origin is theirs.
 */
export function publicBase(publicUrl: string | undefined): string | undefined {
  if (publicUrl === undefined) return undefined
  const url = new URL(publicUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`publicUrl: ${publicUrl} is not http(s)`)
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
