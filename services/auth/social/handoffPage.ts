import { randomBytes } from 'node:crypto'
import { socialResultParam, socialResultType } from '@pairwise/engine/frame'
import { pageHeaders } from '../../kit/index.js'

export { socialResultType }

/** JSON for inside a script element: no `</script>` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The callback's answer: a page whose one script, allowed by nonce, hands the ticket to the window that
 * opened it, at the host origin the attempt recorded and no other, then closes. A redirect-mode login
 * (no opener, a return path recorded) goes back to that page of the host origin with the ticket in its
 * query (SOC-04), where the modal strips it on read. The ticket is useless without the device key that
 * started the login, so where it travels matters less than that it is not stored: nothing caches the
 * page, nothing is sent on, nobody may frame it.
 */
export function handoffPage(
  ticket: string,
  hostOrigin: string,
  returnPath: string | null = null,
): { html: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64')
  const data = scriptJson({ type: socialResultType, resultUri: ticket })
  const target = scriptJson(hostOrigin)
  let back = 'null'
  if (returnPath !== null) {
    const url = new URL(returnPath, hostOrigin)
    // The path was checked at start; a URL that still left the host origin is never built.
    if (url.origin === hostOrigin) {
      url.searchParams.set(socialResultParam, ticket)
      back = scriptJson(url.href)
    }
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><p>Signing in… you can close this window.</p>
<script nonce="${nonce}">var back = ${back}; if (window.opener) { window.opener.postMessage(${data}, ${target}); window.close() } else if (back) location.replace(back)</script>
</body></html>`
  return {
    html,
    headers: pageHeaders(
      `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
    ),
  }
}
