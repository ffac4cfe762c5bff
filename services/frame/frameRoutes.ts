import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { frameQuerySchema } from '@pairwise/engine/frame'
import { type Context, Hono } from 'hono'
import type { ProjectLookup } from '../api/projects/index.js'
import { effectiveFeatures } from '../api/projects/project.js'
import { keptOnSuccess, pageHeaders } from '../kit/index.js'
import { packageRoot } from '../kit/packageRoot.js'
import { type FrameChain, type FrameConfig, frameConfigTagId } from './frameConfig.js'

/** Where `npm run build` puts the frame page (services/frame/app built by Vite). */
export const frameDistDir = () => join(packageRoot(), 'frame', 'dist')

/** The frame's own version, told to the host in READY: the package's. */
const packageVersion = () =>
  (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version

const assetTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}
const assetName = /^[\w-]+\.(js|css)$/
const configTag = new RegExp(`(<script id="${frameConfigTagId}" type="application/json">)[^<]*(</script>)`)

/**
 * The page's policy: only its own bundle runs, it talks only to its own origin and the operator's chains
 * and bundlers, and only the project's allowed origins may embed it (`frame-ancestors` is what stops other
 * sites; the handshake's origin check is the second lock).
 */
export function frameCsp(allowedOrigins: readonly string[], chains: readonly FrameChain[]): string {
  const urls = chains.flatMap((c) => [
    c.rpcUrl,
    ...(c.smartAccount?.bundlerUrl ? [c.smartAccount.bundlerUrl] : []),
  ])
  const rpcOrigins = [...new Set(urls.map((url) => new URL(url).origin))]
  const ancestors = allowedOrigins.length > 0 ? allowedOrigins.join(' ') : "'none'"
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${rpcOrigins.join(' ')}`.trim(),
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
}

/**
 * `GET /frame?projectId=&chainId=&version=&enableLogger=&rpcUrl=` (FRAME-03) — the secure frame page of
 * one project, with its config written in — and `GET /frame/assets/<file>`. A project without email or
 * social login has no frame. Any client may name any id, so the project is looked up within the client's
 * budget of lookups of unknown ids (ProjectLookup); past it, the lookup's refusal is thrown to the app
 * the routes are mounted on (auth's 429).
 */
export function frameRoutes({
  projects,
  clientOf,
  chains,
  distDir = frameDistDir(),
  frameVersion = packageVersion(),
}: {
  projects: Pick<ProjectLookup, 'lookUp'>
  /** Who a request comes from: the client whose budget its lookup spends (auth's `clientIp`). */
  clientOf: (c: Context) => string
  chains: readonly FrameChain[]
  distDir?: string
  frameVersion?: string
}): Hono {
  const app = new Hono()
  const page = keptOnSuccess(() => readFile(join(distDir, 'index.html'), 'utf8'))

  app.get('/frame', async (c) => {
    const query = frameQuerySchema.safeParse(c.req.query())
    if (!query.success) return c.json({ code: 'INVALID_REQUEST', message: 'Invalid frame address' }, 400)
    const project = await projects.lookUp(query.data.projectId, clientOf(c))
    if (!project) return c.json({ code: 'NOT_FOUND', message: 'Unknown project' }, 404)
    const features = effectiveFeatures(project)
    if (!features.email && features.socials === false)
      return c.json(
        { code: 'FEATURE_DISABLED', message: 'Email and social login are off for this project' },
        403,
      )
    const preferred = chains.find(
      (chain) => String(chain.chainId) === query.data.chainId?.replace(/^eip155:/, ''),
    )
    const config: FrameConfig = {
      projectId: project.id,
      projectName: project.name,
      allowedOrigins: project.allowedOrigins,
      chains: preferred ? [preferred, ...chains.filter((chain) => chain !== preferred)] : [...chains],
      smartAccountNetworks: project.smartAccountNetworks,
      frameVersion,
      enableLogger: query.data.enableLogger === 'true',
    }
    // A checkout that was never built has no page: say so instead of failing as a server error.
    const built = await page().catch(() => undefined)
    if (built === undefined)
      return c.json(
        {
          code: 'UNAVAILABLE',
          message: 'Service Unavailable: the frame page is not built (run npm run build)',
        },
        503,
      )
    const json = JSON.stringify(config).replace(/</g, '\\u003c')
    const html = built.replace(configTag, (_, open: string, close: string) => `${open}${json}${close}`)
    return c.body(html, 200, {
      ...pageHeaders(frameCsp(project.allowedOrigins, chains)),
      'cross-origin-resource-policy': 'same-origin',
      'content-type': 'text/html; charset=utf-8',
    })
  })

  app.get('/frame/assets/:file', async (c) => {
    const file = c.req.param('file')
    if (!assetName.test(file)) return c.json({ code: 'NOT_FOUND', message: 'Not found' }, 404)
    const body = await readFile(join(distDir, 'assets', file)).catch(() => undefined)
    if (!body) return c.json({ code: 'NOT_FOUND', message: 'Not found' }, 404)
    return c.body(body, 200, {
      ...securityHeaders,
      'content-type': assetTypes[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
    })
  })
  return app
}
