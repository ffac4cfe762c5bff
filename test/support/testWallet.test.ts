import { numberToHex, parseEther, recoverTypedDataAddress, verifyMessage } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ChainFixture, startChainFixture } from './chain.js'
import { TestWallet, walletErrorCodes } from './testWallet.js'

const typedData = {
  domain: { name: 'Pairwise', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('test wallet', () => {
  let chain: ChainFixture
  let second: ChainFixture
  let wallet: TestWallet

  beforeAll(async () => {
    ;[chain, second] = await Promise.all([startChainFixture(), startChainFixture({ chainId: 31338 })])
  })
  afterAll(async () => {
    await Promise.all([chain?.stop(), second?.stop()])
  })
  beforeEach(() => {
    wallet = new TestWallet({ chains: { [chain.chainId]: chain.rpcUrl }, chainId: chain.chainId })
  })

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: { code?: number }) => error.code,
    )

  it('exposes no account until eth_requestAccounts', async () => {
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([wallet.address])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([wallet.address])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('refuses to sign before it is connected (4100)', async () => {
    expect(
      await code(wallet.request({ method: 'personal_sign', params: ['0x68690a', wallet.address] })),
    ).toBe(walletErrorCodes.unauthorized)
  })

  it('signs personal_sign messages that viem verifies', async () => {
    await wallet.request({ method: 'eth_requestAccounts' })
    const signature = await wallet.request({ method: 'personal_sign', params: ['0x6869', wallet.address] })
    expect(
      await verifyMessage({ address: wallet.address, message: 'hi', signature: signature as `0x${string}` }),
    ).toBe(true)
  })

  it('signs eth_signTypedData_v4 for the connected account', async () => {
    await wallet.request({ method: 'eth_requestAccounts' })
    const signature = await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(typedData)],
    })
    expect(await recoverTypedDataAddress({ ...typedData, signature: signature as `0x${string}` })).toBe(
      wallet.address,
    )
  })

  it('sends a transaction that the chain mines', async () => {
    const id = await chain.snapshot()
    await wallet.request({ method: 'eth_requestAccounts' })
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await chain.publicClient.getBalance({ address: to })
    const hash = await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: numberToHex(parseEther('0.01')) }],
    })
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await chain.publicClient.getBalance({ address: to })).toBe(before + parseEther('0.01'))
    await chain.revert(id)
  })

  it('logs every request it is asked, in order, rejected ones included', async () => {
    wallet.rejectNext('personal_sign')
    await wallet.request({ method: 'eth_requestAccounts' })
    await code(wallet.request({ method: 'personal_sign', params: ['0x6869', wallet.address] }))
    expect(wallet.calls).toEqual([
      { method: 'eth_requestAccounts', params: [] },
      { method: 'personal_sign', params: ['0x6869', wallet.address] },
    ])
  })

  it('rejects the next request with 4001 on demand, then serves again', async () => {
    wallet.rejectNext('eth_requestAccounts')
    expect(await code(wallet.request({ method: 'eth_requestAccounts' }))).toBe(walletErrorCodes.userRejected)
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([wallet.address])
  })

  it('answers 4902 for an unknown chain, then switches after wallet_addEthereumChain', async () => {
    const changes: string[] = []
    wallet.events.on('chainChanged', (id) => changes.push(id))
    const target = numberToHex(second.chainId)
    expect(
      await code(wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: target }] })),
    ).toBe(walletErrorCodes.unrecognizedChain)
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: target, chainName: 'Anvil 2', rpcUrls: [second.rpcUrl] }],
    })
    expect(await wallet.request({ method: 'eth_chainId' })).toBe(target)
    expect(await wallet.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    expect(changes).toEqual([target])
  })

  it('rejects malformed params with -32602 and unknown methods with 4200', async () => {
    await wallet.request({ method: 'eth_requestAccounts' })
    expect(await code(wallet.request({ method: 'eth_sendTransaction', params: [{ to: 'nope' }] }))).toBe(
      walletErrorCodes.invalidParams,
    )
    expect(await code(wallet.request({ method: 'wallet_teleport' }))).toBe(walletErrorCodes.unsupportedMethod)
  })

  it('emits accountsChanged and disconnect when the wallet side changes', async () => {
    await wallet.request({ method: 'eth_requestAccounts' })
    const seen: unknown[] = []
    wallet.events.on('accountsChanged', (accounts) => seen.push(accounts))
    wallet.events.on('disconnect', (error) => seen.push(error.code))
    wallet.disconnect()
    expect(seen).toEqual([[], 4900])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })
})
