import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient, custom, type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet, optimism } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { ProviderRpcError, SessionProvider, type SignClient } from '../../engine/index.js'
import { establishSession, nextEvent, useTestRelay, walletMetadata } from './support/harness.js'

const account = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const namespaces = {
  eip155: {
    chains: ['eip155:1', 'eip155:10'],
    accounts: [`eip155:1:${account.address}`, `eip155:10:${account.address}`],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

const harness = useTestRelay()
const { pool } = harness

async function connected(rpcMap?: Record<string, string>) {
  const dapp = await pool.make(harness.relay.url)
  const wallet: SignClient = await pool.make(harness.relay.url, { metadata: walletMetadata })
  const { topic } = await establishSession(dapp, wallet, { namespaces })
  wallet.on('session_request', async ({ id, params }) => {
    const { method, params: args } = params.request
    const result =
      method === 'personal_sign'
        ? await account.signMessage({ message: { raw: (args as [Hex])[0] } })
        : undefined
    await wallet.respond({
      topic,
      response: result
        ? { id, jsonrpc: '2.0', result }
        : { id, jsonrpc: '2.0', error: { code: 4001, message: 'User rejected request.' } },
    })
  })
  return {
    dapp,
    wallet,
    topic,
    provider: new SessionProvider({ client: dapp, topic, ...(rpcMap ? { rpcMap } : {}) }),
  }
}

describe('EIP-1193 provider over a session', () => {
  it('lets viem read accounts and chain, sign, and switch chains', async () => {
    const { provider } = await connected()
    const client = createWalletClient({ chain: mainnet, transport: custom(provider) })
    expect(await client.getAddresses()).toEqual([account.address])
    expect(await client.getChainId()).toBe(1)
    const signature = await client.signMessage({ account: account.address, message: 'hello from viem' })
    expect(await verifyMessage({ address: account.address, message: 'hello from viem', signature })).toBe(
      true,
    )

    const changed = new Promise<string>((resolve) => provider.on('chainChanged', resolve))
    await client.switchChain({ id: optimism.id })
    expect(await changed).toBe('0xa')
    expect(provider.chainId).toBe('eip155:10')
    await expect(client.switchChain({ id: 137 })).rejects.toMatchObject({ code: 4902 })
  })

  it('passes wallet errors on with their codes and refuses what the session does not grant', async () => {
    const { provider } = await connected()
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({
      code: 4001,
    })
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toBeInstanceOf(ProviderRpcError)
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4200 })
  })

  it('sends reads to the rpcMap', async () => {
    const server: Server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string }
        response.setHeader('content-type', 'application/json')
        response.end(
          JSON.stringify({ jsonrpc: '2.0', id, result: method === 'eth_blockNumber' ? '0x2a' : null }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const { provider } = await connected({ 'eip155:1': url })
      expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x2a')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('turns session events into chainChanged, accountsChanged and disconnect', async () => {
    const { wallet, topic, provider } = await connected()
    const chain = new Promise<string>((resolve) => provider.on('chainChanged', resolve))
    await wallet.emit({ topic, chainId: 'eip155:10', event: { name: 'chainChanged', data: 10 } })
    expect(await chain).toBe('0xa')
    const accounts = new Promise<string[]>((resolve) => provider.on('accountsChanged', resolve))
    await wallet.emit({
      topic,
      chainId: 'eip155:10',
      event: { name: 'accountsChanged', data: [`eip155:10:${account.address}`] },
    })
    expect(await accounts).toEqual([account.address])
    const ended = new Promise<ProviderRpcError>((resolve) => provider.on('disconnect', resolve))
    const deleted = nextEvent(wallet, 'session_delete')
    await provider.disconnect()
    expect((await ended).code).toBe(4900)
    await deleted
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })
  })
})
