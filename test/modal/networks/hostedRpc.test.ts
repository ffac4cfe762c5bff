import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createChainClient } from '../../../modal/adapters/eip155/chainClient.js'
import { hostedRpcChains, hostedRpcUrl, rpcUrlFor } from '../../../modal/networks/hostedRpc.js'
import { defaultTestNetwork, ethereum } from '../../../modal/networks/presets.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, createKit, until } from '../support/kit.js'
import { createPage } from '../support/page.js'

let server: Server | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  const open = server
  server = undefined
  if (open) await new Promise((resolve) => open.close(resolve))
})

/** Ethereum read through an RPC the app names itself, and a chain off the hosted list with the same RPC. */
const own = { ...ethereum, rpcUrls: { default: { http: ['https://rpc.app.example'] } } }
const local = { ...own, id: 31337, caipNetworkId: 'eip155:31337' as const }

/** Answers every JSON-RPC batch with 1 ether in place of fetch; the URLs asked, in order. */
function recordedRpcCalls(): string[] {
  const urls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input))
    const calls = JSON.parse(String(init?.body)) as { id: number }[]
    const answers = calls.map(({ id }) => ({ jsonrpc: '2.0', id, result: '0xde0b6b3a7640000' }))
    return new Response(JSON.stringify(answers), { headers: { 'content-type': 'application/json' } })
  })
  return urls
}

describe('the hosted RPC (§7, §9)', () => {
  it('CONST-27 the hosted RPC chains are a fixed list of 38 across eip155, solana, near and bip122', () => {
    expect(hostedRpcChains.size).toBe(38)
    const namespaces = new Map<string, number>()
    for (const id of hostedRpcChains) {
      const namespace = id.split(':')[0] as string
      namespaces.set(namespace, (namespaces.get(namespace) ?? 0) + 1)
    }
    expect(Object.fromEntries(namespaces)).toEqual({ eip155: 31, solana: 4, near: 1, bip122: 2 })
    for (const id of [1, 10, 42161, 137, 8453, 56, 43114, 11155111])
      expect(hostedRpcChains.has(`eip155:${id}`), `eip155:${id}`).toBe(true)
    expect(hostedRpcChains.has('eip155:31337')).toBe(false)
  })

  it('CONST-27 a network on the list gets the configured hosted RPC URL; others, no project id or no hosted RPC keep their own', () => {
    const hostedBase = 'https://rpc.example/v1/'
    expect(rpcUrlFor(ethereum, { projectId: 'p1', hostedBase })).toBe(
      'https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1',
    )
    expect(rpcUrlFor(defaultTestNetwork, { projectId: 'p1', hostedBase })).toBe(
      hostedRpcUrl('eip155:11155111', 'p1', hostedBase),
    )
    expect(rpcUrlFor(own, { hostedBase })).toBe('https://rpc.app.example')
    expect(rpcUrlFor(local, { projectId: 'p1', hostedBase })).toBe('https://rpc.app.example')
    // Privacy by default: a project id alone never sends reads to a host the app did not name.
    expect(rpcUrlFor(own, { projectId: 'p1' })).toBe('https://rpc.app.example')
    expect(rpcUrlFor(ethereum, { projectId: 'p1' })).toBeUndefined()
  })

  it('CONST-27 the modal reads a listed chain through the hosted RPC the app configured, with its project id', async () => {
    const urls = recordedRpcCalls()
    const provider = new FakeProvider({ accounts: [alice], chainId: 1 })
    const kit = createKit({
      options: { networks: [ethereum], projectId: 'p1', hostedRpcUrl: 'https://rpc.example/v1/' },
      environment: { target: createPage(provider) },
    })
    await kit.connect('injected')
    const { account } = await until(kit, (s) => s.account.balance !== undefined)
    expect(account.balance).toBe('1')
    expect(urls).toEqual([hostedRpcUrl('eip155:1', 'p1', 'https://rpc.example/v1/')])
  })

  it('the Ethereum and Sepolia presets name no RPC host: without a hosted RPC the modal calls no host at all for them', async () => {
    const urls = recordedRpcCalls()
    const provider = new FakeProvider({ accounts: [alice], chainId: 1 })
    const kit = createKit({
      options: { networks: [ethereum], projectId: 'p1' },
      environment: { target: createPage(provider) },
    })
    await kit.connect('injected')
    const { account } = await until(kit, (s) => s.account.balance !== undefined)
    expect(urls).toEqual([])
    expect(account.balanceError).toBe('Token Balance Unavailable')
    expect(ethereum.rpcUrls.default.http).toEqual([])
    expect(defaultTestNetwork.rpcUrls.default.http).toEqual([])
  })

  it('CALL-02 a chain call POSTs {id, jsonrpc "2.0", method, params} to the RPC url with the query chainId and projectId', async () => {
    const seen: { method?: string; url?: string; type?: string; body: unknown }[] = []
    server = createServer((req, res) => {
      let text = ''
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      req.on('end', () => {
        const body = JSON.parse(text) as { id: number }[]
        seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body })
        const answers = body.map(({ id }) => ({ jsonrpc: '2.0', id, result: '0x2a' }))
        res.setHeader('content-type', 'application/json').end(JSON.stringify(answers))
      })
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`
    const client = createChainClient(ethereum, { projectId: 'p1', hostedBase: base })
    expect(await client.request({ method: 'eth_getBalance', params: [alice, 'latest'] })).toBe('0x2a')
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/v1/?chainId=eip155%3A1&projectId=p1',
        type: 'application/json',
        body: [
          { id: expect.any(Number), jsonrpc: '2.0', method: 'eth_getBalance', params: [alice, 'latest'] },
        ],
      },
    ])
  })
})
