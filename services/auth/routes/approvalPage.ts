const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
/** Text made safe inside HTML, attribute values too. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char)

/**
 * The approval page's headers: nothing loads but its inline style, the form posts only here, nobody may
 * frame it (no clickjacking of the Approve button), and the token in its URL is neither cached nor sent on.
 */
export const approvalPageHeaders = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
dt{font-weight:600}dd{margin:0 0 .5rem;word-break:break-all}button{font:inherit;padding:.5rem 1.5rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

export type ApprovalRequest = {
  projectName: string
  deviceId: string
  ip: string
  hostOrigin: string
  /** Unix milliseconds of the login request. */
  requestedAt: number
  token: string
}

/** What GET shows: who asks, from where, and the one button (a POST) that approves. */
export function approvalForm(request: ApprovalRequest): string {
  return page(
    `Approve a new device for ${request.projectName}`,
    `<p>A device asked to sign in. Approve it only if it was you.</p>
<dl><dt>Device</dt><dd>${escapeHtml(request.deviceId)}</dd>
<dt>IP address</dt><dd>${escapeHtml(request.ip)}</dd>
<dt>Site</dt><dd>${escapeHtml(request.hostOrigin)}</dd>
<dt>Time</dt><dd>${escapeHtml(new Date(request.requestedAt).toISOString())}</dd></dl>
<form method="post" action="/auth/v1/device/approve">
<input type="hidden" name="token" value="${escapeHtml(request.token)}">
<button type="submit">Approve</button></form>`,
  )
}

export const approvedPage = () =>
  page('Device approved', '<p>The device is approved. Go back to it: a code is on its way to your email.</p>')

export const invalidLinkPage = () =>
  page('Link not valid', '<p>This approval link was already used, has expired, or is not known.</p>')
