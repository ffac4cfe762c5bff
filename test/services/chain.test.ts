import { formatEther, formatUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccountBalanceWei, devPrivateKeys, testUsdAbi, testUsdSupply } from '../../services/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

describe('local chain fixture', () => {
  let chain: ChainFixture
  const account0 = privateKeyToAccount(devPrivateKeys[0]).address

  beforeAll(async () => {
    chain = await startChainFixture()
  })
  afterAll(async () => {
    await chain?.stop()
  })

  it('answers eth_chainId 0x7a69 on a loopback port', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await chain.publicClient.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('funds account 0 with exactly 10000 tETH (fixtures are deployed from another account)', async () => {
    expect(await chain.publicClient.getBalance({ address: account0 })).toBe(devAccountBalanceWei)
    expect(formatEther(devAccountBalanceWei)).toBe('10000')
  })

  it('deploys Test USD (tUSD, 6 decimals) with the whole supply on account 0', async () => {
    const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
      chain.publicClient.readContract({ address: chain.fixtures.testUsd, abi: testUsdAbi, functionName })
    expect(await read('name')).toBe('Test USD')
    expect(await read('symbol')).toBe('tUSD')
    expect(await read('decimals')).toBe(6)
    const balance = await chain.publicClient.readContract({
      address: chain.fixtures.testUsd,
      abi: testUsdAbi,
      functionName: 'balanceOf',
      args: [account0],
    })
    expect(formatUnits(balance, 6)).toBe('1000000')
    expect(balance).toBe(testUsdSupply)
  })

  it('reverts to a snapshot', async () => {
    const id = await chain.snapshot()
    const stranger = privateKeyToAccount(devPrivateKeys[3]).address
    await chain.testClient.setBalance({ address: stranger, value: 1n })
    expect(await chain.publicClient.getBalance({ address: stranger })).toBe(1n)
    await chain.revert(id)
    expect(await chain.publicClient.getBalance({ address: stranger })).toBe(devAccountBalanceWei)
  })

  it('leaves nothing listening once stopped', async () => {
    const other = await startChainFixture()
    await other.stop()
    await expect(fetch(other.rpcUrl, { method: 'POST' })).rejects.toThrow()
    expect(() => process.kill(other.pid, 0)).toThrow()
  })
})
