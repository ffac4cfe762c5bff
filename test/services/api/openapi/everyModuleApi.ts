import { generateKeyPairSync } from 'node:crypto'
import type { Address } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { apiModules } from '../../../../services/api/apiModules.js'
import { type ApiApp, createApiApp } from '../../../../services/api/app.js'
import { type Database, migrate, openDatabase } from '../../../../services/api/db/index.js'
import type { RouteMethod } from '../../../../services/api/openapi/routeDoc.js'
import { ProjectStore, projectMigrations } from '../../../../services/api/projects/index.js'
import { devPrivateKeys } from '../../../../services/chain/index.js'

export const adminToken = 'a'.repeat(64)
export const projectId = 'reference'
export const origin = 'https://shop.example'

/** The chain the api serves: the local fixture chain, or an address nothing answers on. */
export type ServedChain = { chainId: number; rpcUrl: string; testUsdc: Address }

const noChain: ServedChain = {
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:9',
  testUsdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
}

/** A CDP secret (Ed25519, seed then public key, base64) and a Coinbase that answers every session. */
function fakeCoinbase() {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  const secret = Buffer.concat([Buffer.from(jwk.d ?? '', 'base64url'), Buffer.from(jwk.x ?? '', 'base64url')])
  return {
    apiKey: { id: 'organizations/o/apiKeys/k', secret: secret.toString('base64') },
    fetch: async () => Response.json({ token: 'session-token', channel_id: '' }),
  }
}

export type EveryModuleApi = { app: ApiApp; db: Database; close(): Promise<void> }

/**
 * The api with every module on, each optional one configured (the onramp sandbox, Meld and Coinbase, the
 * names' gateway key, swaps), and one project with every feature on: the app the reference describes.
 * Without `chain` nothing answers for the chain: enough for the routes' list, not for the chain's reads.
 */
export async function everyModuleApi(chain: ServedChain = noChain): Promise<EveryModuleApi> {
  const { chainId, rpcUrl } = chain
  const db = await openDatabase(':memory:')
  const modules = apiModules({
    adminToken,
    chains: [{ chainId, rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    indexer: false,
    onramp: {
      sandbox: { chainId, rpcUrl, testUsdc: chain.testUsdc, deliveryKey: devPrivateKeys[1] },
      meld: { publicKey: 'meld-public-key' },
      coinbase: fakeCoinbase(),
    },
    names: { signerKey: generatePrivateKey() },
    swap: {
      chains: [
        {
          chainId: `eip155:${chainId}`,
          router: '0x0000000000000000000000000000000000000001',
          weth: '0x0000000000000000000000000000000000000002',
          tokens: [],
        },
      ],
    },
  })
  await migrate(db, [projectMigrations, ...modules.migrations])
  await new ProjectStore(db).create({
    id: projectId,
    name: 'Reference',
    allowedOrigins: [origin],
    features: {
      email: true,
      socials: ['google'],
      swaps: true,
      onramp: true,
      activity: true,
      reownBranding: false,
      multiWallet: true,
    },
    rateLimitPerMinute: 100_000,
  })
  const logger = { info() {}, warn() {}, error() {} }
  // No background job is started: these tests read what the routes answer, not what the indexer finds.
  return {
    app: createApiApp({ db, adminToken, logger, routes: modules.routes }),
    db,
    close: () => db.close(),
  }
}

/** A served Hono path in the reference's form: `/v1/admin/projects/:id` → `/v1/admin/projects/{id}`. */
export const documentedPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, '{$1}')

export type Served = { method: RouteMethod; path: string }

const routeMethods: readonly string[] = ['get', 'post', 'put', 'patch', 'delete'] satisfies RouteMethod[]
const isRouteMethod = (method: string): method is RouteMethod => routeMethods.includes(method)

/**
 * Every method and path the app answers, walked from Hono's route list. Middleware (`use`, method ALL)
 * and CORS preflights (OPTIONS) are not routes of their own.
 */
export function servedRoutes(app: ApiApp): Served[] {
  const seen = new Map<string, Served>()
  for (const route of app.hono.routes) {
    const method = route.method.toLowerCase()
    if (!isRouteMethod(method)) continue
    const path = documentedPath(route.path)
    seen.set(`${method} ${path}`, { method, path })
  }
  return [...seen.values()]
}
