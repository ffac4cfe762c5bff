const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe inside HTML, attribute values too: every value a page did not write itself goes through it. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char)

/**
 * The headers of a server-rendered page under `contentSecurityPolicy`: a token or an order in its URL or
 * body is neither cached nor sent on to another site, and no browser reads it as anything but HTML.
 */
export const pageHeaders = (contentSecurityPolicy: string) => ({
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
})

/**
 * The headers of a server-rendered form page: nothing loads but its inline style, its form posts only to
 * its own origin, and nobody may frame it (no clickjacking of its button).
 */
export const formPageHeaders = pageHeaders(
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
)

/** A plain, self-contained form page: `body` is HTML the caller escaped; `style` adds to the base rules. */
export function formPage(title: string, body: string, { maxWidth = '32rem', style = '' } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:${maxWidth};margin:3rem auto;padding:0 1rem}
dd{margin:0 0 .5rem;word-break:break-all}button{font:inherit;padding:.5rem 1.5rem}${style}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}
