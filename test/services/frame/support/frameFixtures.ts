import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from 'viem'
import type { AuthClient } from '../../../../services/frame/app/authClient.js'
import { frameHandlers } from '../../../../services/frame/app/handlers.js'
import { FrameSession } from '../../../../services/frame/app/session.js'
import type { Row } from '../../../../services/frame/app/ui/screens.js'
import { DeviceVault, type KeyValueStore } from '../../../../services/frame/custody/index.js'
import type { FrameChain, FrameConfig } from '../../../../services/frame/index.js'
import type { ChainFixture } from '../../../support/chain.js'

/** The frame's key-value storage in memory, its entries open to the test. */
export class MapStore implements KeyValueStore {
  readonly entries = new Map<string, unknown>()
  async get(key: string) {
    return this.entries.get(key)
  }
  async set(key: string, value: unknown) {
    this.entries.set(key, value)
  }
  async del(key: string) {
    this.entries.delete(key)
  }
}

/** A chain the frame lists whose RPC nobody answers (port 9, discard). */
export const unreachableChain: FrameChain = {
  chainId: 10,
  name: 'Elsewhere',
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { symbol: 'ETH', decimals: 18 },
}

/**
 * The frame's handlers as a test sets them up: project `demo` on `hostOrigin`, the only origin allowed,
 * `chains` (one nobody answers unless given), smart accounts on none of them unless named, no logger.
 */
export function testFrameHandlers(
  session: FrameSession,
  {
    hostOrigin,
    projectId = 'demo',
    chains = [unreachableChain],
    smartAccountNetworks = [],
    now,
  }: {
    hostOrigin: string
    projectId?: string
    chains?: FrameChain[]
    smartAccountNetworks?: number[]
    /** The frame's clock, in ms; the real one unless given. */
    now?: () => number
  },
) {
  const config: FrameConfig = {
    projectId,
    projectName: 'Demo',
    allowedOrigins: [hostOrigin],
    chains,
    smartAccountNetworks,
    frameVersion: 'test',
    enableLogger: false,
  }
  return frameHandlers({ config, hostOrigin, session, onSignedOut: () => {}, ...(now ? { now } : {}) })
}

/** The local Anvil chain of `chain` as an operator lists it for the frame (tETH), with `extra` settings. */
export function anvilFrameChain<Extra extends Partial<FrameChain>>(chain: ChainFixture, extra: Extra) {
  return {
    chainId: chain.chainId,
    name: 'Anvil',
    rpcUrl: chain.rpcUrl,
    nativeCurrency: { symbol: 'tETH', decimals: 18 },
    ...extra,
  }
}

/**
 * The handlers of a frame signed in over `store` (one frame load; a later call over the same store is a
 * reload) as the wallet at `address`. The auth service's stand-in knows that one wallet and holds no share
 * of it, so what these handlers can do stops short of signing.
 */
export async function signedInFrame(
  store: MapStore,
  address: Address,
  options: Parameters<typeof testFrameHandlers>[1],
) {
  const vault = new DeviceVault(store)
  if (!(await vault.session())) await vault.saveSession('token', Date.now() + 3_600_000)
  const auth = {
    currentSession: async () => ({
      user: { email: 'ada@example.com' },
      wallet: { walletId: 'w1', version: 1, address },
    }),
  } as unknown as AuthClient
  const session = new FrameSession(auth, vault, () => vault.deviceKeys())
  await session.restore()
  return testFrameHandlers(session, options)
}

/** The value of the approval's row labelled `label`, if it shows one. */
export const rowValue = (rows: readonly Row[] | undefined, label: string) =>
  rows?.find((row) => row.label === label)?.value

/** The chain's base fee rises by a quarter in a new block: fees prepared now no longer match the chain's. */
export async function feesRise(chain: ChainFixture) {
  const { baseFeePerGas } = await chain.publicClient.getBlock()
  await chain.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: ((baseFeePerGas ?? 0n) * 5n) / 4n })
  await chain.testClient.mine({ blocks: 1 })
}

/** The base fee of the chain's next block, mined: what a transaction prepared after it reads. */
export async function baseFeeBecomes(chain: ChainFixture, baseFeePerGas: bigint) {
  await chain.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas })
  await chain.testClient.mine({ blocks: 1 })
}

/**
 * An RPC in front of `rpcUrl` whose gateway answers `method` with HTTP 502 and an HTML page, as a load
 * balancer does when the node behind it is down, and passes everything else on. Close it when done.
 */
export async function failingGateway(rpcUrl: string, method: string) {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    if ((JSON.parse(body) as { method?: unknown }).method === method) {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>')
      return
    }
    const upstream = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // The frame's fetch keeps its connection alive, which would hold the close until it times out.
        server.closeAllConnections()
      }),
  }
}
