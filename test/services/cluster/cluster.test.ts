import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createConnection, type Socket } from 'node:net'
import { join } from 'node:path'
import { createWalletClient, type Hash, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { httpVerifyResolver, resolveVerifyContext } from '../../../engine/verify/index.js'
import { openDatabase } from '../../../services/api/db/index.js'
import { ProjectStore } from '../../../services/api/projects/index.js'
import type { ClusterStackFile } from '../../../services/cluster/startCluster.js'
import { devPrivateKeys, localNetwork } from '../../../services/index.js'
import { ours, type SignSide } from '../../interop/support/sides.js'
import { personalSign } from '../../interop/support/signFlow.js'
import {
  LOCAL_CHAIN,
  runWalletAgent,
  walletAccount,
  walletEvents,
  walletMethods,
} from '../../interop/support/walletAgent.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { type CliRun, runCli, useBundledCli } from '../../support/cli.js'
import { freePortRuns } from '../../support/ports.js'
import { processesMatching } from '../../support/processes.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import {
  buyer,
  createOnrampProject,
  post,
  projectId,
  quoteRequest,
  sandboxConfig,
} from '../api/onramp/onrampHarness.js'
import { challengeIn, loadVerifyFrame, registerFromFrame } from '../api/support/verifyFrameClient.js'

// `pairwise cluster` with two nodes of each kind behind haproxy, as an operator runs it: the CLI bundled
// from the sources, its stack file read for every URL, stopped with SIGINT like a Ctrl-C.

const bundled = useBundledCli('cluster')
const directory = bundled.dir
let cluster: CliRun | undefined
let chain: ChainFixture | undefined
let stack: ClusterStackFile
const stackFile = join(directory, 'stack.json')
// Every node's /metrics is read with it (each node inherits the cluster command's environment).
const metricsToken = 'cluster-test-metrics-token'

beforeAll(async () => {
  chain = await startChainFixture()
  const chainsFile = join(directory, 'chains.json')
  writeFileSync(
    chainsFile,
    JSON.stringify([
      {
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
      },
    ]),
  )
  // The onramp sandbox of every api node: the chain's test USDC, delivered from dev account 1 (its minter).
  const onrampFile = join(directory, 'onramp.json')
  const { deliveryKey, ...onramp } = sandboxConfig(chain)
  writeFileSync(join(directory, 'delivery.key'), deliveryKey, { mode: 0o600 })
  writeFileSync(onrampFile, JSON.stringify({ ...onramp, deliveryKeyFile: 'delivery.key' }))
  const [relay, api, frame, smtp, mail, nodes] = (await freePortRuns([1, 1, 1, 1, 1, 6])).map(String)
  cluster = runCli(
    bundled.cli,
    [
      'cluster',
      ...['--api', '2', '--relay', '2', '--auth', '2'],
      ...['--data-dir', join(directory, 'data'), '--stack-file', stackFile],
      ...(['--relay-port', relay, '--api-port', api, '--frame-port', frame] as string[]),
      ...(['--smtp-port', smtp, '--mail-port', mail, '--node-port', nodes] as string[]),
      ...['--chains', chainsFile, '--onramp-sandbox', onrampFile],
    ],
    { ...process.env, PAIRWISE_METRICS_TOKEN: metricsToken },
  )
  // Eleven processes start on a machine that may be busy with other suites: a generous wait.
  await cluster.waitFor(/Press Ctrl-C to stop/, 170_000)
  stack = JSON.parse(readFileSync(stackFile, 'utf8')) as ClusterStackFile
}, 180_000)

afterAll(async () => {
  try {
    if (cluster && cluster.child.exitCode === null) {
      cluster.child.kill('SIGINT')
      expect(await cluster.exited).toBe(0)
      // Every process group the cluster started is gone with it: nothing is left holding a port.
      const groups = [
        ...Object.values(stack.cluster.nodes).flatMap((nodes) => nodes.map((node) => node.pgid)),
        stack.cluster.haproxy.pgid,
      ]
      for (const pgid of groups) expect(() => process.kill(-pgid, 0)).toThrow(/ESRCH/)
    }
  } finally {
    await chain?.stop()
  }
}, 60_000)

/** Waits, when less than `neededMs` of the current minute is left, for the next: the limits count per minute. */
async function freshMinute(neededMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 200))
}

/** GET `url` with `headers`, from the local address `from` (any of 127.0.0.0/8 is this machine). */
function getFrom(url: string, headers: Record<string, string>, from = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, localAddress: from }, (response) => {
      response.resume()
      response.once('end', () => resolve(response.statusCode ?? 0))
    })
    req.once('error', reject)
    req.end()
  })
}

/** A dapp and a wallet paired through haproxy's relay URL; both are added to `sides` for closing. */
async function pairThroughBalancer(sides: SignSide[]): Promise<{ dapp: SignSide; topic: string }> {
  const dapp = await ours.make('dapp', stack.relay.url)
  sides.push(dapp)
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: { eip155: { chains: [LOCAL_CHAIN], methods: walletMethods, events: walletEvents } },
  })
  if (!uri) throw new Error('connect() returned no pairing URI')
  // haproxy sends a new socket to the node holding fewest: the dapp's is open, so the wallet's goes to the other.
  const wallet = await ours.make('wallet', stack.relay.url)
  sides.push(wallet)
  runWalletAgent(wallet, ours)
  await wallet.pair({ uri })
  const session = await approval()
  return { dapp, topic: session.topic }
}

/** `count` personal_sign requests at once, each answered by the wallet and verified. */
const signBatch = (dapp: SignSide, topic: string, batch: number, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      personalSign(dapp, topic, walletAccount.address, `cluster request ${batch * count + index}`, 30_000),
    ),
  )

/** Each relay node's own `/health`, bypassing haproxy; a dead node reads as undefined. */
const relayNodesHealth = () =>
  Promise.all(
    stack.cluster.nodes.relay.map(async (node) => {
      const health = await fetch(`${node.url.replace(/^ws/, 'http')}/health`).catch(() => undefined)
      return ((await health?.json()) ?? undefined) as { connections: number; authRefused: number } | undefined
    }),
  )

/** The background work a node runs now, from its `/metrics` (pairwise_api_background_job). */
async function backgroundOf(nodeUrl: string): Promise<string[]> {
  const answer = await fetch(`${nodeUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  const text = await answer.text()
  return [...text.matchAll(/^pairwise_api_background_job\{job="(\w+)"\} 1$/gm)].map(
    (match) => match[1] as string,
  )
}

const killGroup = (pgid: number) => process.kill(-pgid, 'SIGKILL')

const projectConfig = (base: string, projectId: string, forwardedFor: string, from?: string) =>
  getFrom(`${base}/v1/project/config?projectId=${projectId}`, { 'x-forwarded-for': forwardedFor }, from)

describe('pairwise cluster (two of each behind haproxy)', () => {
  it('writes the public URLs and each node of each kind to the stack file', () => {
    expect(stack.api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(stack.relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    for (const kind of ['relay', 'api', 'auth'] as const) expect(stack.cluster.nodes[kind]).toHaveLength(2)
    expect(stack.cluster.trustProxy).toBe('127.0.0.1')
  })

  it('keeps the database and Redis URLs off every command line, and prints no password and no admin token', () => {
    // The stack file holds them, so it is its owner's only.
    expect(statSync(stackFile).mode & 0o777).toBe(0o600)
    const secrets = [stack.cluster.database, stack.cluster.redis].map((url) => new URL(url).password)
    for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/)
    for (const text of [stack.cluster.database, stack.cluster.redis, ...secrets])
      expect(processesMatching(text)).toEqual([])
    for (const text of [stack.api.adminToken, ...secrets]) expect(cluster?.output()).not.toContain(text)
  })

  it('its Postgres and Redis refuse whoever lacks their password', async () => {
    const guessed = new URL(stack.cluster.database)
    guessed.password = 'guessed'
    await expect(openDatabase(guessed.href)).rejects.toThrow(/password authentication failed/)
    const redis = new URL(stack.cluster.redis)
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host: redis.hostname, port: Number(redis.port) })
      socket.once('error', reject)
      socket.once('data', (data) => {
        resolve(data.toString())
        socket.destroy()
      })
      socket.write('HSET pairwise:forged origin https://app.uniswap.org\r\n')
    })
    expect(reply).toMatch(/^-NOAUTH/)
  })

  it('connects a dapp and a wallet through different relay nodes, and they exchange 200 requests', async () => {
    const sides: SignSide[] = []
    try {
      const { dapp, topic } = await pairThroughBalancer(sides)
      const nodes = await relayNodesHealth()
      expect(nodes.map((node) => node?.connections)).toEqual([1, 1])
      // Both clients signed their token for haproxy's URL, which every node accepts as its own.
      expect(nodes.map((node) => node?.authRefused)).toEqual([0, 0])
      // Ten at a time, so some share a millisecond; every answer crosses from one node to the other via Redis.
      for (let batch = 0; batch < 20; batch++) await signBatch(dapp, topic, batch, 10)
    } finally {
      await Promise.all(sides.map((side) => ours.close(side)))
    }
  }, 120_000)

  it('shows VALID for a registration made on one api node and looked up on the other', async () => {
    const [nodeA, nodeB] = stack.cluster.nodes.api.map((node) => node.url) as [string, string]
    const origin = 'https://dapp.example'
    const decryptedId = 'cd'.repeat(32)
    const through = (base: string) => (path: string, init?: RequestInit) => fetch(`${base}${path}`, init)
    const page = await loadVerifyFrame(through(nodeA), origin)
    expect(page.status).toBe(200)
    const registered = await registerFromFrame(through(nodeA), {
      challenge: challengeIn(await page.text()),
      decryptedId,
    })
    expect(registered.status).toBe(200)
    const errors: unknown[] = []
    const context = await resolveVerifyContext({
      resolver: httpVerifyResolver({ url: nodeB }),
      verifyUrl: nodeB,
      metadata: { name: 'Dapp', description: 'a dapp', url: origin, icons: [] },
      attestationId: undefined,
      encryptedId: 'ef'.repeat(32),
      hash: decryptedId,
      onError: (error) => errors.push(error),
    })
    expect(errors).toEqual([])
    expect(context.verified).toMatchObject({ validation: 'VALID', origin })
  })

  it('sells through the onramp sandbox behind haproxy: each quote, order and payment may reach either node, and every order is delivered once', async () => {
    const db = await openDatabase(stack.cluster.database)
    try {
      await createOnrampProject(db)
      const buyerUsdc = () =>
        tokenBalance((chain as ChainFixture).publicClient, (chain as ChainFixture).fixtures.testUsdc, buyer)
      const before = await buyerUsdc()
      const api = stack.api.url
      const call = async <T>(path: string, init: RequestInit) => {
        const answer = await fetch(`${api}${path}?projectId=${projectId}`, init)
        return { status: answer.status, body: (await answer.json()) as T }
      }
      const orders: { id: string; units: bigint }[] = []
      // haproxy takes turns between the nodes, so the three steps of each purchase land on both.
      for (const amount of ['20', '30', '40', '50']) {
        const quote = await call<{ quoteId: string; purchaseAmount: { amount: string } }>(
          '/v1/onramp/quote',
          quoteRequest(chain as ChainFixture, amount),
        )
        expect(quote.status).toBe(200)
        const order = await call<{ id: string }>('/v1/onramp/orders', post({ quoteId: quote.body.quoteId }))
        expect(order.status).toBe(201)
        const paid = await call<{ status: string }>(
          `/v1/onramp/orders/${order.body.id}/payment`,
          post({
            quoteId: quote.body.quoteId,
            card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
          }),
        )
        expect(paid.status).toBe(200)
        orders.push({
          id: order.body.id,
          units: BigInt(Math.round(Number(quote.body.purchaseAmount.amount) * 1e6)),
        })
      }
      await vi.waitFor(
        async () => {
          const rows = await db.all<{ status: string; tx_hash: string | null }>(
            `SELECT status, tx_hash FROM onramp_orders WHERE id IN (${orders.map(() => '?').join(', ')})`,
            orders.map((order) => order.id),
          )
          expect(rows.map((row) => row.status)).toEqual(orders.map(() => 'COMPLETED'))
          expect(new Set(rows.map((row) => row.tx_hash)).size).toBe(orders.length)
        },
        { timeout: 60_000, interval: 250 },
      )
      expect(await buyerUsdc()).toBe(before + orders.reduce((sum, order) => sum + order.units, 0n))
    } finally {
      await db.close()
    }
  }, 120_000)

  describe('rate limits through haproxy', () => {
    beforeAll(async () => {
      const db = await openDatabase(stack.cluster.database)
      try {
        const projects = new ProjectStore(db)
        for (const id of ['limited', 'per-ip'])
          await projects.create({ id, name: id, allowedOrigins: [], rateLimitPerMinute: 100 })
      } finally {
        await db.close()
      }
      await freshMinute()
    }, 90_000)

    it('refuses request 101 of a project limit of 100 per minute across both api nodes together', async () => {
      // A client's own budget is a fifth of the project's (20 of 100): five clients spend the project's,
      // each request sent to the next api node in turn.
      const statuses: number[] = []
      for (let client = 1; client <= 5; client++)
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 20 }, () => projectConfig(stack.api.url, 'limited', `198.51.100.${client}`)),
          )),
        )
      expect(statuses.filter((status) => status === 200)).toHaveLength(100)
      expect(await projectConfig(stack.api.url, 'limited', '198.51.100.6')).toBe(429)
    })

    it('gives each client its own budget by X-Forwarded-For, and ignores one forged from an untrusted address', async () => {
      const budget = async (forwardedFor: string) =>
        Promise.all(Array.from({ length: 20 }, () => projectConfig(stack.api.url, 'per-ip', forwardedFor)))
      expect(await budget('203.0.113.1')).toEqual(Array(20).fill(200))
      expect(await projectConfig(stack.api.url, 'per-ip', '203.0.113.1')).toBe(429)
      // Another client behind the balancer: a budget of its own.
      expect(await projectConfig(stack.api.url, 'per-ip', '203.0.113.2')).toBe(200)
      // From 127.0.0.2, which nobody trusts, the same header is not believed: haproxy appends 127.0.0.2
      // and the node stops there; sent to a node directly, the peer itself is the client.
      expect(await projectConfig(stack.api.url, 'per-ip', '203.0.113.1', '127.0.0.2')).toBe(200)
      const direct = stack.cluster.nodes.api[0]?.url as string
      expect(await projectConfig(direct, 'per-ip', '203.0.113.1', '127.0.0.2')).toBe(200)
      // The exhausted client is still refused through the balancer.
      expect(await projectConfig(stack.api.url, 'per-ip', '203.0.113.1')).toBe(429)
    })
  })

  it("closes a client's connection past 128 open ones to the api at haproxy, and serves another client meanwhile", async () => {
    const { port } = new URL(stack.api.url)
    const held: Socket[] = []
    // Still open half a second after connecting, or closed by haproxy (reset, maybe before the connect
    // completed): what one more connection from `from` meets.
    const connectFrom = (from: string) =>
      new Promise<{ socket: Socket; closedAtOnce: boolean }>((resolve) => {
        const socket = createConnection({ host: '127.0.0.1', port: Number(port), localAddress: from })
        socket.once('error', () => undefined)
        socket.once('connect', () => {
          setTimeout(() => resolve({ socket, closedAtOnce: false }), 500)
        })
        socket.once('close', () => resolve({ socket, closedAtOnce: true }))
      })
    try {
      const opened = await Promise.all(Array.from({ length: 128 }, () => connectFrom('127.0.0.7')))
      held.push(...opened.map(({ socket }) => socket))
      expect(opened.filter(({ closedAtOnce }) => closedAtOnce)).toEqual([])
      const past = await connectFrom('127.0.0.7')
      held.push(past.socket)
      expect(past.closedAtOnce).toBe(true)
      expect(await getFrom(`${stack.api.url}/health`, {}, '127.0.0.8')).toBe(200)
    } finally {
      for (const socket of held) socket.destroy()
    }
  })

  // Last: these leave one node of each kind dead.
  describe('failover: kill -9 one node of each kind mid-load', () => {
    it('a relay node killed with requests in flight: its client reconnects through haproxy and every request is answered', async () => {
      const sides: SignSide[] = []
      try {
        const { dapp, topic } = await pairThroughBalancer(sides)
        expect((await relayNodesHealth()).map((node) => node?.connections)).toEqual([1, 1])
        for (let batch = 0; batch < 5; batch++) await signBatch(dapp, topic, batch, 5)
        // Published and acknowledged, some not yet delivered: the node holding one side dies under them.
        const inFlight = signBatch(dapp, topic, 5, 5)
        killGroup(stack.cluster.nodes.relay[0]?.pgid as number)
        await inFlight
        for (let batch = 6; batch < 12; batch++) await signBatch(dapp, topic, batch, 5)
        const [dead, alive] = await relayNodesHealth()
        expect(dead).toBeUndefined()
        expect(alive?.connections).toBe(2)
      } finally {
        await Promise.all(sides.map((side) => ours.close(side)))
      }
    }, 120_000)

    it('the api node running the indexer killed under load: the api answers throughout, the other node indexes on within 5 s, and the rows match the chain', async () => {
      const db = await openDatabase(stack.cluster.database)
      try {
        await new ProjectStore(db).create({
          id: 'load',
          name: 'load',
          allowedOrigins: [],
          rateLimitPerMinute: 100_000,
        })
        const nodes = stack.cluster.nodes.api
        let holder = -1
        await vi.waitFor(
          async () => {
            const running = await Promise.all(nodes.map((node) => backgroundOf(node.url)))
            holder = running.findIndex((jobs) => jobs.includes('indexer'))
            expect(holder).toBeGreaterThanOrEqual(0)
          },
          { timeout: 30_000, interval: 200 },
        )
        const standby = nodes[1 - holder]?.url as string

        // Four clients (two on the api, two on auth) ask one after another for as long as the load lasts.
        let loading = true
        const answers = { ok: 0, failed: [] as string[] }
        const client = async (url: string) => {
          while (loading) {
            const status = await fetch(url).then(
              (r) => r.body?.cancel().then(() => r.status),
              (e: Error) => e.message,
            )
            if (status === 200) answers.ok++
            else answers.failed.push(`${url}: ${status}`)
          }
        }
        const load = [
          client(`${stack.api.url}/v1/project/config?projectId=load`),
          client(`${stack.api.url}/v1/project/config?projectId=load`),
          client(`${stack.auth.url}/health`),
          client(`${stack.auth.url}/health`),
        ]
        // Native transfers to fresh addresses, one every 100 ms, before, across and after the kill.
        const payer = chain as ChainFixture
        const wallet = createWalletClient({
          account: privateKeyToAccount(devPrivateKeys[3]),
          chain: localNetwork(payer.rpcUrl, payer.chainId),
          transport: http(payer.rpcUrl),
        })
        const from = wallet.account.address.toLowerCase()
        const sent: Hash[] = []
        const transfers = (async () => {
          for (let i = 0; i < 30; i++) {
            const to = privateKeyToAccount(generatePrivateKey()).address
            sent.push(await wallet.sendTransaction({ to, value: parseEther('0.001') }))
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        })()
        await new Promise((resolve) => setTimeout(resolve, 1000))
        killGroup(nodes[holder]?.pgid as number)
        killGroup(stack.cluster.nodes.auth[0]?.pgid as number)
        const killedAt = performance.now()
        await vi.waitFor(async () => expect(await backgroundOf(standby)).toContain('indexer'), {
          timeout: 30_000,
          interval: 100,
        })
        const takeover = performance.now() - killedAt
        await transfers
        await new Promise((resolve) => setTimeout(resolve, 1000))
        loading = false
        await Promise.all(load)
        // At most the requests in flight on the dead nodes fail: one per client.
        expect(answers.failed.length, answers.failed.join('\n')).toBeLessThanOrEqual(load.length)
        expect(answers.ok).toBeGreaterThan(20)
        expect(takeover).toBeLessThan(5000)
        // Every transfer the payer made, each once: the chain's record, none lost or doubled by the handover.
        const wanted = sent.map((hash) => hash.toLowerCase()).sort()
        const indexed = async () =>
          (
            await db.all<{ tx_hash: string }>(
              'SELECT tx_hash FROM indexer_transfers WHERE chain_id = ? AND from_address = ?',
              [payer.chainId, from],
            )
          )
            .map((row) => row.tx_hash.toLowerCase())
            .sort()
        await vi.waitFor(async () => expect(await indexed()).toEqual(wanted), {
          timeout: 30_000,
          interval: 200,
        })
      } finally {
        await db.close()
      }
    }, 120_000)
  })
})
