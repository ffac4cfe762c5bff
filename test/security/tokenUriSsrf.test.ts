import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { type Address, createWalletClient, getAddress, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityRoutes } from '../../services/api/activity/index.js'
import { MetadataSource } from '../../services/api/activity/metadataSource.js'
import { PublicAddresses } from '../../services/api/activity/publicAddress.js'
import { migrate } from '../../services/api/db/index.js'
import { type Indexer, indexerMigrations, startIndexer } from '../../services/api/indexer/index.js'
import { devPrivateKeys, localNetwork } from '../../services/index.js'
import { appWith, routeDeps } from '../services/api/support/routeHarness.js'
import { compileUriToken, uriTokenMintAbi } from '../services/api/support/uriToken.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

/** A listener on 127.0.0.1 standing for the api host's own services: it counts every connection made to it. */
type Listener = { port: number; origin: string; connections: number; server: Server }

async function listen(answer: (path: string) => { status: number; headers?: object; body?: string }) {
  const server = createServer((request, response) => {
    const { status, headers, body } = answer(request.url ?? '/')
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const listener: Listener = { port, origin: `http://127.0.0.1:${port}`, connections: 0, server }
  server.on('connection', () => {
    listener.connections++
  })
  return listener
}

const close = (listener: Listener | undefined) => {
  listener?.server.closeAllConnections()
  listener?.server.close()
}

const internalDocument = JSON.stringify({ name: 'internal', adminToken: 'secret', users: [{ id: 1 }] })

/** Names an attacker controls in DNS, each pointing into a range the api must not reach. */
const hostileDns: Record<string, string[]> = {
  'loopback.example': ['127.0.0.1'],
  'also-loopback.example': ['203.0.113.7', '127.0.0.1'],
  'v6-loopback.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'zero.example': ['0.0.0.0'],
  'ten.example': ['10.1.2.3'],
  'carrier.example': ['100.64.0.1'],
  'link.example': ['169.254.169.254'],
  'private16.example': ['172.16.0.1'],
  'private192.example': ['192.168.1.1'],
  'ula.example': ['fd00::1'],
  'v6-link.example': ['fe80::1'],
  'mapped-private.example': ['::ffff:10.0.0.1'],
}
const lookups: string[] = []
const resolve = async (hostname: string) => {
  lookups.push(hostname)
  const addresses = hostileDns[hostname] ?? (hostname === 'stack.localhost' ? ['127.0.0.1'] : undefined)
  if (!addresses) throw new Error(`ENOTFOUND ${hostname}`)
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

let victim: Listener
let redirector: Listener
let stackHost: Listener
beforeAll(async () => {
  victim = await listen(() => ({ status: 200, body: internalDocument }))
  // An allowed host that sends every request on to where `?to=` says.
  redirector = await listen((path) => {
    const to = new URL(path, 'http://x').searchParams.get('to')
    return to ? { status: 302, headers: { location: to } } : { status: 200, body: '{"name":"redirector"}' }
  })
  stackHost = await listen(() => ({ status: 200, body: '{"name":"Stack fixture"}' }))
})
afterAll(() => {
  for (const listener of [victim, redirector, stackHost]) close(listener)
})

const read = (uri: string) =>
  new MetadataSource({
    allowedHosts: Object.keys(hostileDns),
    localOrigins: [redirector.origin, `http://stack.localhost:${stackHost.port}`],
    maxBytes: 65_536,
    resolve,
  }).read(uri, AbortSignal.timeout(1000))

describe('a tokenURI never makes the api contact loopback or a private range', () => {
  it('does not contact a loopback listener named by IP, by localhost, by [::1] or [::ffff:127.0.0.1]', async () => {
    const path = '/internal/admin/delete-everything?confirm=1'
    for (const host of [
      '127.0.0.1',
      'localhost',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '127.0.0.2',
    ])
      expect(await read(`http://${host}:${victim.port}${path}`), host).toBeUndefined()
    expect(victim.connections).toBe(0)
  })

  it('does not contact it through odd IPv4 spellings (decimal, octal, hex, short forms, 0.0.0.0)', async () => {
    for (const host of ['2130706433', '0x7f000001', '0177.0.0.1', '0x7f.0.0.1', '127.1', '0', '0.0.0.0'])
      expect(await read(`http://${host}:${victim.port}/`), host).toBeUndefined()
    expect(victim.connections).toBe(0)
  })

  it('does not contact it through an allowed name whose DNS answer is loopback or private, by http or https', async () => {
    for (const name of Object.keys(hostileDns))
      for (const scheme of ['http', 'https'])
        expect(await read(`${scheme}://${name}:${victim.port}/`), name).toBeUndefined()
    expect(victim.connections).toBe(0)
  })

  it('does not follow a redirect from an allowed host to loopback or a private range', async () => {
    const targets = [
      `${victim.origin}/internal`,
      `http://localhost:${victim.port}/`,
      `http://[::ffff:7f00:1]:${victim.port}/`,
      `http://2130706433:${victim.port}/`,
      `https://loopback.example:${victim.port}/`,
      `http://ten.example:${victim.port}/`,
    ]
    for (const to of targets)
      expect(await read(`${redirector.origin}/?to=${encodeURIComponent(to)}`), to).toBeUndefined()
    expect(victim.connections).toBe(0)
  })

  it('caps redirects even between allowed origins', async () => {
    let hop = `${redirector.origin}/`
    for (let i = 0; i < 6; i++) hop = `${redirector.origin}/?to=${encodeURIComponent(hop)}`
    expect(await read(hop)).toBeUndefined()
  })

  it('reads an operator-listed local origin, resolving its name once and connecting to that address', async () => {
    lookups.length = 0
    expect(await read(`http://stack.localhost:${stackHost.port}/1.json`)).toBe('{"name":"Stack fixture"}')
    expect(lookups).toEqual(['stack.localhost'])
    expect(await read(`${redirector.origin}/?to=${encodeURIComponent(`${redirector.origin}/`)}`)).toBe(
      '{"name":"redirector"}',
    )
  })

  it('reads no scheme but https, http on a listed local origin, and data:', async () => {
    for (const uri of [
      `ftp://loopback.example/`,
      `file:///etc/passwd`,
      `gopher://127.0.0.1:${victim.port}/`,
      `ws://127.0.0.1:${victim.port}/`,
    ])
      expect(await read(uri), uri).toBeUndefined()
    expect(await read('data:application/json,%7B%22name%22%3A%22inline%22%7D')).toBe('{"name":"inline"}')
    expect(victim.connections).toBe(0)
  })
})

describe('which addresses count as public', () => {
  const addresses = new PublicAddresses()
  it('refuses loopback, private, link-local, carrier NAT, reserved and IPv4-mapped IPv6 addresses', () => {
    for (const address of [
      '0.0.0.0',
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.2.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:db8::1',
      'localhost',
      '2130706433',
    ])
      expect(addresses.isPublic(address), address).toBe(false)
  })
  it('accepts public IPv4 and global IPv6 addresses', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '2001:4860::8888',
    ])
      expect(addresses.isPublic(address), address).toBe(true)
  })
})

describe('which image URLs a client is handed', () => {
  const source = new MetadataSource({
    allowedHosts: ['ten.example', 'loopback.example', 'public.example', '127.0.0.1'],
    localOrigins: ['http://127.0.0.1:4100'],
    maxBytes: 1024,
    resolve: async (hostname) =>
      hostname === 'public.example' ? [{ address: '93.184.216.34', family: 4 }] : resolve(hostname),
  })
  it('only data:image and https on a listed host resolving to public addresses', async () => {
    expect(await source.showableImage('https://public.example/a.png')).toBe(true)
    expect(await source.showableImage('data:image/png;base64,AAAA')).toBe(true)
    for (const image of [
      'http://public.example/a.png',
      'https://ten.example/a.png',
      'https://loopback.example/a.png',
      'https://127.0.0.1/a.png',
      'http://127.0.0.1:4100/a.png',
      'https://unlisted.example/a.png',
      'https://user:pass@public.example/a.png',
    ])
      expect(await source.showableImage(image), image).toBe(false)
  })
})

type Nft = Record<string, unknown>

describe('GET /v1/nfts hands out no loopback or private URL and only the listed metadata fields', () => {
  let chain: ChainFixture
  let indexer: Indexer
  let app: Hono
  const collector = privateKeyToAccount(generatePrivateKey()).address

  beforeAll(async () => {
    chain = await startChainFixture()
    const deps = { ...(await routeDeps({ now: 0 })), now: () => Date.now() }
    await migrate(deps.db, [indexerMigrations])
    const wallet = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[0]),
      chain: localNetwork(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
    const mined = async (hash: Promise<Hex>) =>
      chain.publicClient.waitForTransactionReceipt({ hash: await hash })
    const { abi, bytecode } = compileUriToken()
    const deployed = await mined(wallet.deployContract({ abi, bytecode }))
    const token = getAddress(deployed.contractAddress as Address)
    const document = (image: string) =>
      `data:application/json,${encodeURIComponent(
        JSON.stringify({
          name: 'Hostile',
          image,
          adminToken: 'secret',
          internal: { users: 3 },
          attributes: [],
        }),
      )}`
    const uris = [
      `${victim.origin}/internal/admin/delete-everything?confirm=1`,
      `http://localhost:${victim.port}/metadata.json`,
      document(`${victim.origin}/1.png`),
      document(`http://localhost:${victim.port}/2.png`),
      document(`http://[::1]:${victim.port}/3.png`),
      document('http://10.0.0.1/4.png'),
      document('https://169.254.169.254/latest/meta-data/'),
      document(`http://2130706433:${victim.port}/6.png`),
      document('data:image/svg+xml;base64,PHN2Zy8+'),
    ]
    for (const [i, uri] of uris.entries())
      await mined(
        wallet.writeContract({
          address: token,
          abi: uriTokenMintAbi,
          functionName: 'mint',
          args: [collector, BigInt(i + 1), uri],
        }),
      )
    indexer = startIndexer({
      db: deps.db,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      logger: { info() {}, warn() {}, error() {} },
    })
    const chains = [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl, nativeCurrency: { decimals: 18 } }]
    app = appWith(activityRoutes({ ...deps, chains, nftMetadata: { timeoutMs: 1000 } }))
    await indexer.caughtUp()
  }, 60_000)
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
  })

  it('never fetches a loopback tokenURI and drops loopback or private image URLs and unlisted fields', async () => {
    const query = new URLSearchParams({ projectId: 'p1', address: collector, caipNetworkId: 'eip155:31337' })
    const response = await app.request(`/v1/nfts?${query}`)
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: Nft[] }
    expect(data).toHaveLength(9)
    expect(victim.connections).toBe(0)
    for (const nft of data) {
      expect(
        Object.keys(nft).every((key) =>
          ['contract', 'tokenId', 'collection', 'name', 'description', 'image'].includes(key),
        ),
        JSON.stringify(nft),
      ).toBe(true)
      expect(nft.image === undefined || String(nft.image).startsWith('data:image/'), String(nft.image)).toBe(
        true,
      )
    }
    expect(data.find((nft) => nft.tokenId === '9')?.image).toBe('data:image/svg+xml;base64,PHN2Zy8+')
    expect(JSON.stringify(data)).not.toMatch(/secret|internal|adminToken/)
  })
})
