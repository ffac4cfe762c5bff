import type { Hono } from 'hono'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiChains, localApiChain } from '../../services/api/chains/index.js'
import { HttpUpstream, rpcProxyRoutes } from '../../services/api/rpcProxy/index.js'
import { appWith, routeDeps } from '../services/api/support/routeHarness.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

const stranger: Address = '0x000000000000000000000000000000000000dEaD'

/** Every way we could think of to make a node sign, send for, unlock, list or administer its keys. */
function signingCalls(from: Address, to: Address): [string, unknown[]][] {
  const tx = { from, to, value: '0x3635c9adc5dea00000' }
  const typed = { types: { EIP712Domain: [] }, domain: {}, primaryType: 'EIP712Domain', message: {} }
  const named: [string, unknown[]][] = [
    ['eth_sendTransaction', [tx]],
    ['eth_sendTransactionSync', [tx]],
    ['eth_sendTransactionAsync', [tx]],
    ['eth_sendUnsignedTransaction', [tx]],
    ['eth_signTransaction', [tx]],
    ['eth_sign', [from, '0x68656c6c6f']],
    ['eth_signTypedData', [from, typed]],
    ['eth_signTypedData_v1', [from, typed]],
    ['eth_signTypedData_v3', [from, typed]],
    ['eth_signTypedData_v4', [from, typed]],
    ['personal_sign', ['0x68656c6c6f', from]],
    ['personal_sendTransaction', [tx, '']],
    ['personal_signTransaction', [tx, '']],
    ['personal_unlockAccount', [from, '', 0]],
    ['personal_listAccounts', []],
    ['personal_importRawKey', ['0x'.padEnd(66, '1'), '']],
    ['wallet_sendTransaction', [tx]],
    ['wallet_sendCalls', [{ version: '2.0.0', from, calls: [{ to, value: tx.value }], chainId: '0x7a69' }]],
    ['eth_accounts', []],
    ['eth_requestAccounts', []],
    ['eth_coinbase', []],
    ['anvil_impersonateAccount', [from]],
    ['anvil_autoImpersonateAccount', [true]],
    ['anvil_setBalance', [to, '0xffffffffffffffffffff']],
    ['anvil_setNonce', [from, '0x99']],
    ['anvil_mine', ['0x5']],
    ['anvil_reset', []],
    ['hardhat_impersonateAccount', [from]],
    ['hardhat_setBalance', [to, '0xffffffffffffffffffff']],
    ['hardhat_mine', ['0x5']],
    ['evm_mine', []],
    ['evm_increaseTime', ['0x10']],
    ['debug_traceCall', [tx, 'latest']],
    ['txpool_content', []],
  ]
  // Case variants and padding: a node that matched names loosely must not get them either.
  const variants: [string, unknown[]][] = [
    ['ETH_SENDTRANSACTION', [tx]],
    ['Eth_sendTransactionSync', [tx]],
    ['eth_SendTransactionSync', [tx]],
    [' eth_sendTransactionSync', [tx]],
    ['eth_sendTransactionSync ', [tx]],
    ['eth_sendTransactionSync\u0000', [tx]],
    ['PERSONAL_SIGN', ['0x68656c6c6f', from]],
    ['Anvil_mine', ['0x5']],
  ]
  return [...named, ...variants]
}

describe('the RPC proxy never makes a node sign (Anvil, its dev accounts unlocked)', () => {
  let chain: ChainFixture
  let app: Hono
  let upstream: HttpUpstream
  const clock = { now: 5_000_000 }

  const post = async (body: unknown): Promise<Answer | Answer[]> => {
    const response = await app.request('/v1?chainId=eip155:31337&projectId=p1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as Answer | Answer[]
  }

  /** The accounts Anvil holds keys for, asked of Anvil itself. */
  const devAccounts = async (): Promise<Address[]> => {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] }),
    })
    return ((await response.json()) as { result: Address[] }).result
  }

  /** Every dev account's balance and nonce, the block number and the pending pool's size. */
  const ledger = async () => {
    const accounts = await devAccounts()
    const rows = await Promise.all(
      accounts.map(async (address) => ({
        address,
        balance: await chain.publicClient.getBalance({ address }),
        nonce: await chain.publicClient.getTransactionCount({ address }),
      })),
    )
    const stranger_ = await chain.publicClient.getBalance({ address: stranger })
    const block = await chain.publicClient.getBlockNumber()
    const pool = await chain.testClient.getTxpoolStatus()
    return { rows, stranger: stranger_, block, pool }
  }

  beforeAll(async () => {
    chain = await startChainFixture()
    upstream = new HttpUpstream({ timeoutMs: 5_000 })
    const chains = new ApiChains([localApiChain({ rpcUrl: chain.rpcUrl, testUsd: chain.fixtures.testUsd })])
    const limits = { requestsPerMinute: 100_000, callsPerMinute: 100_000 }
    app = appWith(rpcProxyRoutes({ ...(await routeDeps(clock)), chains, upstream, limits }))
  }, 60_000)

  afterAll(async () => {
    upstream?.close()
    await chain?.stop()
  })

  it('refuses every signing, key-listing and node-admin method, one call at a time, with -32601', async () => {
    const accounts = await devAccounts()
    const before = await ledger()
    for (const from of accounts.slice(0, 2))
      for (const [index, [method, params]] of signingCalls(from, stranger).entries()) {
        const answer = (await post({ jsonrpc: '2.0', id: index, method, params })) as Answer
        expect({ method, error: answer.error, result: answer.result }).toEqual({
          method,
          error: { code: -32601, message: 'Method not found' },
          result: undefined,
        })
      }
    expect(await ledger()).toEqual(before)
  })

  it('refuses the same methods inside JSON-RPC batches, among reads that still answer', async () => {
    const accounts = await devAccounts()
    const before = await ledger()
    const calls = signingCalls(accounts[0] as Address, stranger)
    const batch = [
      { jsonrpc: '2.0', id: 'first', method: 'eth_chainId', params: [] },
      ...calls.map(([method, params], index) => ({ jsonrpc: '2.0', id: index, method, params })),
      { jsonrpc: '2.0', id: 'last', method: 'eth_blockNumber', params: [] },
    ]
    for (let start = 0; start < batch.length; start += 20) {
      const sent = batch.slice(start, start + 20)
      const answers = (await post(sent)) as Answer[]
      expect(answers.map((answer) => answer.id)).toEqual(sent.map((call) => call.id))
      for (const answer of answers) {
        if (answer.id === 'first' || answer.id === 'last') expect(answer.result).toBeDefined()
        else expect(answer.error).toEqual({ code: -32601, message: 'Method not found' })
      }
    }
    expect(await ledger()).toEqual(before)
  })

  it('still forwards the reads and a transaction the client signed itself (eth_sendRawTransaction)', async () => {
    const balance = (await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: [stranger, 'latest'],
    })) as Answer
    expect(balance.result).toBe(
      `0x${(await chain.publicClient.getBalance({ address: stranger })).toString(16)}`,
    )
    const raw = (await post({
      jsonrpc: '2.0',
      id: 2,
      method: 'eth_sendRawTransaction',
      params: ['0x00'],
    })) as Answer
    // Anvil's own refusal of a malformed transaction: the call reached the node.
    expect(raw.error?.code).not.toBe(-32601)
  })
})
