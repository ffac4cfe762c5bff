import { createHash } from 'node:crypto'
import { VERIFY_FRAME_MESSAGES } from '@pairwise/engine'
import { pageHeaders } from '../../kit/index.js'

/** The id of the JSON block the page carries its origin and challenge in. */
export const VERIFY_FRAME_CONFIG_ID = 'pairwise-verify'

const { ready, register, attestation, refused } = VERIFY_FRAME_MESSAGES

/**
 * The frame's whole program, inline so that its hash pins it in the page's CSP and nothing else runs. It
 * answers only the page it is framed by, and only when that page is on the origin it was served for:
 * `location.ancestorOrigins` where the browser has it (Chromium, Safari), else the Referer's origin
 * (Firefox; a page sending no referrer leaves only `frame-ancestors`, which the browser has already
 * enforced before this runs). It registers the first well-formed message its parent posts, with the
 * challenge only this page was given, through a same-origin request, and tells the parent the answer.
 * The server checks the body again (zod); this check only keeps the frame from spending its challenge on
 * junk.
 */
const FRAME_SCRIPT = `(() => {
  const { origin, challenge } = JSON.parse(document.getElementById('${VERIFY_FRAME_CONFIG_ID}').textContent)
  if (window.parent === window) return
  const ancestors = location.ancestorOrigins
  const framedByOrigin = ancestors
    ? ancestors.length > 0 && Array.from(ancestors).every((each) => each === origin)
    : document.referrer === '' || new URL(document.referrer).origin === origin
  if (!framedByOrigin) return
  const hex64 = /^[0-9a-f]{64}$/
  const answer = (message) => window.parent.postMessage(message, origin)
  let used = false
  const onMessage = async (event) => {
    const data = event.data
    if (used || event.source !== window.parent || event.origin !== origin) return
    if (typeof data !== 'object' || data === null || data.type !== '${register}') return
    if (typeof data.id !== 'string' || !hex64.test(data.id)) return
    if (typeof data.decryptedId !== 'string' || !hex64.test(data.decryptedId)) return
    used = true
    window.removeEventListener('message', onMessage)
    try {
      const response = await fetch(new URL('../attestation', location.href), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'omit',
        cache: 'no-store',
        body: JSON.stringify({ challenge, id: data.id, decryptedId: data.decryptedId }),
      })
      const body = response.ok ? await response.json() : undefined
      answer(body && typeof body.attestation === 'string'
        ? { type: '${attestation}', id: data.id, attestation: body.attestation }
        : { type: '${refused}', id: data.id, status: response.status })
    } catch {
      answer({ type: '${refused}', id: data.id, status: 0 })
    }
  }
  window.addEventListener('message', onMessage)
  answer({ type: '${ready}' })
})()`

const scriptHash = createHash('sha256').update(FRAME_SCRIPT).digest('base64')

/**
 * Only the pinned script runs, it talks only to this server, and only a page on `origin` may embed it:
 * `frame-ancestors` is enforced by the browser over every ancestor, before any script of the frame runs.
 */
export function verifyFrameCsp(origin: string): string {
  return [
    "default-src 'none'",
    `script-src 'sha256-${scriptHash}'`,
    "connect-src 'self'",
    `frame-ancestors ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** The frame page for a page on `origin`, carrying its one-time challenge. */
export function verifyFramePage(origin: string, challenge: string): string {
  const config = JSON.stringify({ origin, challenge }).replace(/</g, '\\u003c')
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>Pairwise verify</title>',
    `<script id="${VERIFY_FRAME_CONFIG_ID}" type="application/json">${config}</script>`,
    `<script>${FRAME_SCRIPT}</script>`,
    '</head><body></body></html>',
  ].join('\n')
}

/** Headers of the frame page for `origin`: never cached (it carries a one-time challenge), no referrer. */
export const verifyFrameHeaders = (origin: string) => ({
  'content-type': 'text/html; charset=utf-8',
  ...pageHeaders(verifyFrameCsp(origin)),
})
