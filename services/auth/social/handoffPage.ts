import { randomBytes } from 'node:crypto'

/** The message the callback window posts to the page that opened it (research §4.2). */
export const socialResultType = 'PAIRWISE_SOCIAL_RESULT'

/**
 * The callback's answer: a page whose one script, allowed by nonce, hands the ticket to the window that
 * opened it, at the host origin the attempt recorded and no other, then closes. The ticket is useless
 * without the device key that started the login, so where it travels matters less than that it is
 * not stored: nothing caches the page, nothing is sent on, nobody may frame it.
 */
export function handoffPage(
  ticket: string,
  hostOrigin: string,
): { html: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64')
  const data = JSON.stringify({ type: socialResultType, resultUri: ticket }).replace(/</g, '\\u003c')
  const target = JSON.stringify(hostOrigin).replace(/</g, '\\u003c')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><p>Signing in… you can close this window.</p>
<script nonce="${nonce}">if (window.opener) window.opener.postMessage(${data}, ${target}); window.close()</script>
</body></html>`
  return {
    html,
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  }
}
