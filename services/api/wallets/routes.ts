import { createHash } from 'node:crypto'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { packageRoot } from '../../kit/packageRoot.js'
import { ApiError } from '../http/apiError.js'
import { publicBase } from '../http/publicBase.js'
import type { RouteDeps } from '../http/types.js'
import { MAX_REGISTRY_FILE_BYTES, parseRegistryFile, type RegistryFileWallet } from './registryFile.js'
import { serveIcon } from './walletIcons.js'
import { WatchedJsonFile } from './watchedJsonFile.js'

export type WalletRegistryOptions = {
  /** The operator's registry JSON; the shipped `fixtures/wallets/registry.json` by default. */
  registryFile?: string
  /** Where `icon` names are found; the `icons` folder beside the registry file by default. */
  iconsDir?: string
  /**
   * This api's public URL (`https://api.example.com`, or with a path behind a proxy), the base of icon URLs;
   * the request's own origin without it.
   */
  publicUrl?: string
}

/** The shipped registry: the test wallet and a few well-known wallets, every icon served from here. */
export const defaultRegistryFile = () => join(packageRoot(), 'fixtures/wallets/registry.json')

/** A registry entry as the modal reads it (modal/wallets/types.ts RegistryWallet). */
type ServedWallet = Omit<RegistryFileWallet, 'icon'>

function served(wallets: readonly RegistryFileWallet[], base: string): ServedWallet[] {
  return wallets.map(({ icon, ...wallet }) =>
    icon === undefined ? wallet : { ...wallet, imageUrl: `${base}/v1/wallets/icons/${icon}` },
  )
}

/** The request's own origin: right when clients reach the api directly, not through a proxy. */
function requestOrigin(requestUrl: string): string {
  try {
    return new URL(requestUrl).origin
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'Host: not a valid host')
  }
}

/** Most bases (request origins, without a public URL) whose answer is kept for the current list. */
const MAX_ANSWERED_BASES = 16

/**
 * The answer for a list and a base, made once: serialising and hashing a 1 MiB registry costs ~9 ms of CPU,
 * which every request paid, 304s included. Answers are kept for the current list only, for at most
 * MAX_ANSWERED_BASES bases, so Host values a client makes up cost it what they did before, and hold nothing.
 */
class RegistryAnswers {
  #list: readonly RegistryFileWallet[] | undefined
  readonly #byBase = new Map<string, { body: string; etag: string }>()

  of(list: readonly RegistryFileWallet[], base: string): { body: string; etag: string } {
    if (list !== this.#list) {
      this.#list = list
      this.#byBase.clear()
    }
    const kept = this.#byBase.get(base)
    if (kept) return kept
    const body = JSON.stringify(served(list, base))
    const answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
    if (this.#byBase.size < MAX_ANSWERED_BASES) this.#byBase.set(base, answer)
    return answer
  }
}

/**
 * `GET /v1/wallets`: the AllWallets list (the modal's `walletRegistryUrl`) from a file the operator edits,
 * as a JSON array of the modal's RegistryWallet, icon URLs absolute on this api; `GET
 * /v1/wallets/icons/:file`: those icons. Both are public and readable from any origin (no credentials). An
 * invalid registry file at start throws; an invalid edit later keeps serving the last good list.
 */
export function walletRegistryRoutes(deps: RouteDeps & WalletRegistryOptions): Hono {
  const registryFile = deps.registryFile ?? defaultRegistryFile()
  const iconsDir = deps.iconsDir ?? join(dirname(registryFile), 'icons')
  const registry = new WatchedJsonFile({
    path: registryFile,
    parse: parseRegistryFile(iconsDir),
    logger: deps.logger,
    maxBytes: MAX_REGISTRY_FILE_BYTES,
  })
  const base = publicBase(deps.publicUrl)
  const answers = new RegistryAnswers()
  return new Hono()
    .use('/v1/wallets', cors({ origin: '*', allowMethods: ['GET'] }))
    .use('/v1/wallets/icons/*', cors({ origin: '*', allowMethods: ['GET'] }))
    .get('/v1/wallets', async (c) => {
      const { body, etag } = answers.of(await registry.current(), base ?? requestOrigin(c.req.url))
      // The body depends on Host when no public URL is configured, so shared caches must key on it.
      const headers = { ETag: etag, 'Cache-Control': 'public, max-age=60', Vary: 'Host' }
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers)
      return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' })
    })
    .get('/v1/wallets/icons/:file', (c) => serveIcon(c, iconsDir))
}
