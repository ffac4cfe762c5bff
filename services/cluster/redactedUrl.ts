/**
 * `url` with its password (Postgres's, Redis's; in the userinfo or a `password` parameter) replaced by
 * `***`, for a line that is printed or logged: it still says where the server is and as whom. Text that
 * does not parse as a URL is replaced whole, since where a password sits in it cannot be told.
 */
export function redactedUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '***'
  }
  if (parsed.password !== '') parsed.password = '***'
  if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***')
  return parsed.href
}
