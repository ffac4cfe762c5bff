import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context } from 'hono'
import { ApiError } from '../http/apiError.js'
import { ICON_FILE, MAX_ICON_BYTES } from './registryFile.js'

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
}

const notFound = () => new ApiError(404, 'NOT_FOUND', 'icon not found')

/**
 * The headers every icon carries. An SVG opened directly (not through `<img>`) is a document that could run
 * script on the api's origin; the CSP forbids script and every load, leaving only its inline styles. Forms
 * are no load, so `sandbox` also gives the document an opaque origin and no forms: an HTML form in a
 * `<foreignObject>` cannot ask for anything under the api's name. `nosniff` stops a browser from reading a
 * PNG as something else.
 */
export const ICON_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  // The modal shows icons on the integrator's origin, not this api's.
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=3600',
} as const

/**
 * `GET /v1/wallets/icons/:file` from `iconsDir`: names as ICON_FILE only (so nothing outside the folder can
 * be named), content type by extension, an ETag of size and modification time, 304 when it still matches.
 */
export async function serveIcon(c: Context, iconsDir: string): Promise<Response> {
  const file = c.req.param('file') ?? ''
  const match = ICON_FILE.exec(file)
  if (!match)
    throw new ApiError(400, 'INVALID_REQUEST', 'file: not an icon name (a-z, 0-9, -; svg, png, webp)')
  const path = join(iconsDir, file)
  const found = await stat(path).catch(() => undefined)
  if (!found?.isFile() || found.size > MAX_ICON_BYTES) throw notFound()
  const etag = `"${found.size.toString(16)}-${Math.trunc(found.mtimeMs).toString(16)}"`
  const headers = { ...ICON_HEADERS, ETag: etag }
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers)
  const bytes = await readFile(path).catch(() => undefined)
  if (bytes === undefined) throw notFound()
  return c.body(new Uint8Array(bytes), 200, {
    ...headers,
    'Content-Type': CONTENT_TYPES[match[1] ?? ''] ?? '',
  })
}
