import { OnrampError } from './provider.js'

/**
 * The URL a checkout may be opened at, else an OnrampError. The pop-up it is loaded into was opened blank from
 * the host page, so it shares the page's origin: a `javascript:` URL from an api answer would run as the host
 * app, with the page and its wallet at hand through `opener`. A checkout is an `https:` page, or a page on the
 * api's own host, which a local api serves over `http:`. What is checked is what is returned: the URL as parsed.
 */
export function checkoutUrl(url: string, apiUrl: string | undefined): string {
  const page = absolute(url)
  const allowed =
    page !== undefined &&
    !page.username &&
    !page.password &&
    (page.protocol === 'https:' || (page.protocol === 'http:' && page.host === absolute(apiUrl)?.host))
  if (!allowed) throw new OnrampError('The checkout could not be opened: its address is not allowed')
  return page.href
}

/** `text` as an absolute URL; a relative one (`//evil.example`) is none, not resolved against the page. */
function absolute(text: string | undefined): URL | undefined {
  if (text === undefined) return undefined
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
