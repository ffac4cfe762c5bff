import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Logger } from '@pairwise/common'
import { serverUrl, type TrustedProxies } from '../../kit/index.js'
import { startFarcasterRelay } from '../startFarcasterRelay.js'
import { clientPaths } from './clientPage.js'
import { testClientRoutes } from './clientRoutes.js'
import { type TestFarcasterAccount, testFarcasterAccount } from './testAccount.js'

/** The fid the local test client signs in as, unless told another, and its name. */
export const localTestFid = 1n
const testUsername = 'pairwise-tester'

export type LocalFarcaster = {
  /** The relay an auth service is configured with (`/v1/channel…`). */
  relayUrl: string
  /** The test client page: `?uri=` takes a sign-in link. */
  clientPage: string
  account: TestFarcasterAccount
  close(): Promise<void>
}

/**
 * The local Farcaster setup of `npm start` and `pairwise farcaster`: a relay with its channels in
 * `dataDir` (SQLite) and, on its origin, the test client page approving sign-ins as the test fid, whose
 * custody key is kept in `dataDir` and which is registered on the chain at `rpcUrl` (its stand-in
 * registries, read there in Optimism's stead, which deployFixtures installs).
 */
export async function startLocalFarcaster(options: {
  host: string
  port: number
  dataDir: string
  rpcUrl: string
  trustProxy: TrustedProxies
  logger: Logger
  fid?: bigint
}): Promise<LocalFarcaster> {
  const account = await testFarcasterAccount({
    keyFile: join(options.dataDir, 'farcaster-custody.key'),
    rpcUrl: options.rpcUrl,
    fid: options.fid ?? localTestFid,
    username: testUsername,
  })
  // Only the in-process test client posts approvals to this relay: a key of this run suffices.
  const relayKey = randomBytes(24).toString('base64url')
  // The client posts to the relay it is served beside, on whichever port that got.
  let relayUrl = serverUrl(options.host, options.port)
  const relay = await startFarcasterRelay({
    host: options.host,
    port: options.port,
    database: join(options.dataDir, 'farcaster-relay.sqlite'),
    relayKey,
    optimismRpcUrl: options.rpcUrl,
    trustProxy: options.trustProxy,
    logger: options.logger,
    routes: testClientRoutes({ account, relayUrl: () => relayUrl, relayKey }),
  })
  relayUrl = relay.url
  return { relayUrl: relay.url, clientPage: `${relay.url}${clientPaths.page}`, account, close: relay.close }
}
