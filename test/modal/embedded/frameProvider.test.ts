import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  disallowedMethodDelayMs,
  frameMethodKind,
  safeFrameMethods,
  unsafeFrameMethods,
} from '../../../engine/frame/index.js'
import type { EmbeddedWallet } from '../../../modal/embedded/index.js'
import { flush } from './support/fakePage.js'
import { settleReady, walletHarness } from './support/harness.js'

let harness = walletHarness()
let wallet: EmbeddedWallet | undefined
afterEach(() => {
  wallet?.destroy()
  harness.frame.close()
})

async function connected() {
  harness.frame.close()
  harness = walletHarness()
  wallet = harness.make()!
  const sent = wallet.client.connectEmail({ email: 'ada@example.com' })
  await settleReady(harness.clock)
  await sent
  await wallet.client.connectOtp()
  await wallet.client.getUser()
  return { ...harness, wallet, provider: wallet.provider }
}

const message = ['0x68656c6c6f', '0x1111111111111111111111111111111111111111']

describe('method policy', () => {
  it('VAL-06 OPEN-15 the whitelist is the safe read methods plus the signing and sending ones', () => {
    expect(safeFrameMethods).toEqual(
      expect.arrayContaining([
        'eth_accounts',
        'eth_blockNumber',
        'eth_call',
        'eth_chainId',
        'eth_estimateGas',
        'eth_gasPrice',
        'eth_getBalance',
        'eth_getCode',
        'eth_getTransactionByHash',
        'eth_getTransactionReceipt',
      ]),
    )
    for (const method of safeFrameMethods) expect(method).not.toMatch(/sign|send|export/i)
    expect([...unsafeFrameMethods].sort()).toEqual(
      [
        'eth_sendTransaction',
        'eth_signTypedData_v4',
        'pairwise_exportWallet',
        'personal_sign',
        'wallet_sendCalls',
      ].sort(),
    )
    expect(frameMethodKind('eth_sign')).toBe('refused')
  })

  it('FRAME-07 OPEN-15 a safe method goes out as an RPC request with method, params, chainId, chainNamespace and rpcUrl, and opens no approval', async () => {
    const h = await connected()
    h.frame.on('RPC_REQUEST', () => ({ success: '0x2a' }))
    const params = ['0x1111111111111111111111111111111111111111', 'latest']
    await expect(h.provider.request({ method: 'eth_getBalance', params })).resolves.toBe('0x2a')
    expect(h.frame.received('RPC_REQUEST').at(-1)!.payload).toEqual({
      method: 'eth_getBalance',
      params,
      chainId: 1,
      chainNamespace: 'eip155',
      rpcUrl: 'http://127.0.0.1:8545/rpc/1',
    })
    for (const method of ['eth_blockNumber', 'eth_call', 'eth_accounts'])
      await h.provider.request({ method, params: [] })
    expect(h.calls.approvalNeeded).toEqual([])
  })

  it('OPEN-14 an unsafe method calls the approval hook before it is sent, and the settled hook after', async () => {
    const h = await connected()
    for (const method of unsafeFrameMethods) {
      const order: string[] = []
      h.frame.on('RPC_REQUEST', (request) => {
        order.push(`sent with ${h.calls.approvalNeeded.length} approval(s) asked`)
        return { success: `signed ${(request.payload as { method: string }).method}` }
      })
      const answer = await h.provider.request({ method, params: message })
      expect(answer).toBe(`signed ${method}`)
      expect(h.calls.approvalNeeded.at(-1)).toBe(method)
      expect(order).toEqual([`sent with ${h.calls.approvalNeeded.length} approval(s) asked`])
      expect(h.calls.approvalSettled.at(-1)).toBe(method)
    }
    expect(h.calls.approvalNeeded).toEqual([...unsafeFrameMethods])
  })

  it('OPEN-14 the settled hook runs when the user rejects in the frame too', async () => {
    const h = await connected()
    h.frame.on('RPC_REQUEST', () => ({ error: { code: 4001, message: 'User rejected the request.' } }))
    await expect(h.provider.request({ method: 'personal_sign', params: message })).rejects.toMatchObject({
      code: 4001,
    })
    expect(h.calls.approvalSettled).toEqual(['personal_sign'])
  })

  it('ERR-24 VAL-06 a method outside the whitelist is refused with 4200 exactly 300 ms after, never sent', async () => {
    const h = await connected()
    const before = h.frame.requests.length
    const started = h.clock.now
    let outcome: unknown
    const refused = h.provider.request({ method: 'eth_sign', params: message }).catch((error) => {
      outcome = error
    })
    h.clock.advance(disallowedMethodDelayMs - 1)
    await flush()
    expect(h.calls.disallowed).toEqual([])
    expect(outcome).toBeUndefined()
    h.clock.advance(1)
    await refused
    expect(h.calls.disallowed).toEqual([{ method: 'eth_sign', at: started + disallowedMethodDelayMs }])
    expect(outcome).toMatchObject({ code: 4200 })
    expect(h.frame.requests).toHaveLength(before)
    expect(h.calls.approvalNeeded).toEqual([])
  })
})

describe('chain and session events', () => {
  it('CHAIN-07 wallet_switchEthereumChain goes through SWITCH_NETWORK and emits chainChanged', async () => {
    const h = await connected()
    const changed = vi.fn()
    h.provider.on('chainChanged', changed)
    await expect(
      h.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).resolves.toBeNull()
    expect(h.frame.received('SWITCH_NETWORK').at(-1)!.payload).toEqual({
      chainId: 10,
      rpcUrl: 'http://127.0.0.1:8545/rpc/10',
    })
    expect(changed).toHaveBeenCalledWith('0xa')
    h.provider.removeListener('chainChanged', changed)
    await h.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(changed).toHaveBeenCalledOnce()
  })

  it('emits accountsChanged [] and disconnect on sign-out', async () => {
    const h = await connected()
    const accounts = vi.fn()
    const disconnect = vi.fn()
    h.provider.on('accountsChanged', accounts)
    h.provider.on('disconnect', disconnect)
    await h.wallet.client.signOut()
    expect(accounts).toHaveBeenCalledWith([])
    expect(disconnect).toHaveBeenCalledWith(expect.objectContaining({ code: 4900 }))
  })

  it('ERR-26 abortPending ends an open approval with Request was aborted and tells the frame', async () => {
    const h = await connected()
    h.frame.on('RPC_REQUEST', () => 'silent')
    const signing = h.provider.request({ method: 'personal_sign', params: message })
    await h.frame.next('RPC_REQUEST')
    h.provider.abortPending()
    await expect(signing).rejects.toThrow('Request was aborted')
    await h.frame.next('RPC_ABORT')
    expect(h.calls.approvalSettled).toEqual(['personal_sign'])
  })
})
