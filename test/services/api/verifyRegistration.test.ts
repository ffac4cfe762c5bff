import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { httpVerifyResolver, type SignClient, type VerifyHashes } from '../../../engine/index.js'
import { verifyRoutes } from '../../../services/api/verify/index.js'
import {
  approvedNamespaces,
  dappMetadata,
  establishSession,
  nextEvent,
  useTestRelay,
  walletMetadata,
} from '../../engine/support/harness.js'
import { appWith, testProject, verifyRouteDeps } from './support/routeHarness.js'
import { imitatedFrame } from './support/verifyFrameClient.js'

const harness = useTestRelay()
const servers: (Server | TcpServer)[] = []
const sockets: Socket[] = []
let verifyUrl: string

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  for (const server of servers) await new Promise((done) => server.close(done))
})
afterEach(() => vi.restoreAllMocks())

beforeAll(async () => {
  const app = appWith(verifyRoutes(await verifyRouteDeps({ now: Date.now() })))
  const server = createServer(getRequestListener(app.fetch))
  servers.push(server)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

/** A host that accepts connections and never answers. */
async function hangingHost(): Promise<string> {
  const server = createTcpServer((socket) => sockets.push(socket))
  servers.push(server)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A dapp on a page of `origin`: Node has no browser frame, so its verify frame is imitated. */
function dappOn(origin: string, registered: VerifyHashes[], url = verifyUrl): Promise<SignClient> {
  return harness.pool.make(harness.relay.url, {
    projectId: testProject.id,
    verifyUrl: url,
    verifyFrame: imitatedFrame(url, origin, { projectId: testProject.id, registered }),
  })
}

function walletAsking(): Promise<SignClient> {
  return harness.pool.make(harness.relay.url, {
    metadata: walletMetadata,
    verifyUrl,
    verifyResolver: httpVerifyResolver({ url: verifyUrl }),
  })
}

describe('the dapp registers what it sends with the verify service it was given', () => {
  it('its proposal and session request reach the wallet VALID, attested by the api; nothing else is registered', async () => {
    const registered: VerifyHashes[] = []
    const dapp = await dappOn(dappMetadata.url, registered)
    const wallet = await walletAsking()
    const proposal = nextEvent(wallet, 'session_proposal')
    const { topic } = await establishSession(dapp, wallet)
    expect((await proposal).verifyContext.verified).toEqual({
      verifyUrl,
      validation: 'VALID',
      origin: dappMetadata.url,
      isScam: false,
    })
    const request = nextEvent(wallet, 'session_request')
    const answered = dapp.request({
      topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', approvedNamespaces.eip155.accounts[0]] },
    })
    const { id, verifyContext } = await request
    expect(verifyContext.verified).toMatchObject({ validation: 'VALID', origin: dappMetadata.url })
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x01' } })
    expect(await answered).toBe('0x01')
    expect(registered).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{64}$/), decryptedId: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { id: expect.stringMatching(/^[0-9a-f]{64}$/), decryptedId: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ])
  })

  it('a page on another origin than its metadata claims reaches the wallet INVALID, under the real origin', async () => {
    const dapp = await dappOn('https://evil.example', [])
    const wallet = await walletAsking()
    const proposal = nextEvent(wallet, 'session_proposal')
    await establishSession(dapp, wallet)
    expect((await proposal).verifyContext.verified).toMatchObject({
      validation: 'INVALID',
      origin: 'https://evil.example',
    })
  })

  it('with the verify server hanging, the proposal goes out unattested after 2 s and the wallet sees UNKNOWN', async () => {
    const dapp = await dappOn(dappMetadata.url, [], await hangingHost())
    const wallet = await walletAsking()
    const proposal = nextEvent(wallet, 'session_proposal')
    const started = performance.now()
    const { uri } = await dapp.connect({ optionalNamespaces: { eip155: approvedNamespaces.eip155 } })
    if (uri === undefined) throw new Error('connect() gave no URI')
    await wallet.pair({ uri })
    const { verifyContext } = await proposal
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900)
    expect(performance.now() - started).toBeLessThan(4_000)
    expect(verifyContext.verified.validation).toBe('UNKNOWN')
  })

  it('without a verifyUrl the dapp contacts no verify host at all', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    const dapp = await harness.pool.make(harness.relay.url, { projectId: testProject.id })
    const wallet = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
    await establishSession(dapp, wallet)
    expect(spy).not.toHaveBeenCalled()
  })

  it('outside a browser, with no frame to prove its page, the dapp registers nothing and sends no Origin-only request', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    const dapp = await harness.pool.make(harness.relay.url, { projectId: testProject.id, verifyUrl })
    const wallet = await walletAsking()
    const proposal = nextEvent(wallet, 'session_proposal')
    await establishSession(dapp, wallet)
    expect((await proposal).verifyContext.verified.validation).toBe('UNKNOWN')
    const registrations = spy.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(registrations).toEqual([])
  })
})
