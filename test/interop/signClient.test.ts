import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SignClient as SignClient221 } from 'wc-sign-client-2-21'
import { type RunningRelay, type StartRelayOptions, startRelay } from '../../services/relay/index.js'
import { type RedisServer, startRedisServer } from '../services/relay/support/redisServer.js'
import { recordingLogger } from '../services/relay/support/semanticsSuite.js'
import {
  runSignFlow,
  type SignClientClass,
  type SignClientInstance,
  shutDownClient,
} from './support/signFlow.js'

// The official clients skip the Verify server (an outside host) under this flag.
process.env.IS_VITEST = 'true'

const versions: [version: string, client: SignClientClass, signTwoFive: boolean][] = [
  ['2.25.0', SignClient, true],
  // Before Sign 2.5: the proposal and approval go through plain irn_publish/irn_subscribe.
  ['2.21.5', SignClient221 as unknown as SignClientClass, false],
]

const directory = mkdtempSync(join(tmpdir(), 'pairwise-interop-'))
let redis: RedisServer | undefined
let deployments = 0
const relays: RunningRelay[] = []
const clients: SignClientInstance[] = []
const logger = recordingLogger()

beforeAll(async () => {
  redis = await startRedisServer()
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map(shutDownClient))
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

afterAll(async () => {
  await redis?.stop()
  rmSync(directory, { recursive: true, force: true })
})

async function relay(options: Partial<StartRelayOptions>): Promise<RunningRelay> {
  // rejectBadAuth: the official clients' JWTs must verify, or the flow fails here.
  const started = await startRelay({ port: 0, rejectBadAuth: true, logger, ...options })
  relays.push(started)
  return started
}

type Mode = { name: string; start(): Promise<[dapp: RunningRelay, wallet: RunningRelay]> }

const modes: Mode[] = [
  {
    name: 'memory',
    async start() {
      const node = await relay({})
      return [node, node]
    },
  },
  {
    name: 'SQLite',
    async start() {
      const node = await relay({ store: `sqlite:${join(directory, `interop-${++deployments}.db`)}` })
      return [node, node]
    },
  },
  {
    name: 'Redis, dapp and wallet on two nodes',
    async start() {
      if (!redis) throw new Error('redis-server is not running')
      const shared = { redisUrl: redis.url, redisPrefix: `interop${++deployments}:` }
      return [await relay(shared), await relay(shared)]
    },
  },
]

describe.each(
  versions,
)('official @walletconnect/sign-client %s through the Pairwise relay', (version, Client, signTwoFive) => {
  it.each(modes)('completes the whole Sign flow: $name', async (mode) => {
    const [dappNode, walletNode] = await mode.start()
    const warningsBefore = logger.warnings.length
    const timings = await runSignFlow({
      SignClient: Client,
      dappRelayUrl: dappNode.url,
      walletRelayUrl: walletNode.url,
      label: `${version} ${mode.name}`,
      clients,
    })
    console.info(`sign-client ${version}, ${mode.name}: ${JSON.stringify(timings)} ms`)
    const stats = relays.map((node) => node.stats())
    expect(logger.warnings.slice(warningsBefore)).toEqual([])
    for (const nodeStats of stats)
      expect(nodeStats).toMatchObject({ unknownMethods: 0, authRefused: 0, errorResponses: 0 })
    expect(stats.reduce((sum, nodeStats) => sum + nodeStats.messagesStored, 0)).toBeGreaterThanOrEqual(10)
    const calls = (method: 'wc_proposeSession' | 'wc_approveSession') =>
      stats.reduce((sum, nodeStats) => sum + (nodeStats.calls[method] ?? 0), 0)
    expect([calls('wc_proposeSession'), calls('wc_approveSession')]).toEqual(signTwoFive ? [1, 1] : [0, 0])
  })
})
