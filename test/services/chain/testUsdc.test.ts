import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devPrivateKeys, localNetwork, testUsdcAbi } from '../../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

describe('the test USDC fixture (onramp sandbox delivery)', () => {
  const read = <F extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(functionName: F) =>
    chain.publicClient.readContract({ address: chain.fixtures.testUsdc, abi: testUsdcAbi, functionName })
  const walletOf = (key: `0x${string}`) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain: localNetwork(chain.rpcUrl, chain.chainId),
      transport: http(chain.rpcUrl),
    })

  it('is Test USD Coin (tUSDC, 6 decimals) with no supply, deployed after the other fixtures', async () => {
    expect([
      await read('name'),
      await read('symbol'),
      await read('decimals'),
      await read('totalSupply'),
    ]).toEqual(['Test USD Coin', 'tUSDC', 6, 0n])
    const { testUsd, testNft, smartAccountFactory, testUsdc } = chain.fixtures
    expect(new Set([testUsd, testNft, smartAccountFactory, testUsdc]).size).toBe(4)
  })

  it('dev account 1 mints; any other account is refused', async () => {
    const to = privateKeyToAccount(devPrivateKeys[3]).address
    const minter = walletOf(devPrivateKeys[1])
    const hash = await minter.writeContract({
      address: chain.fixtures.testUsdc,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [to, 5_000_000n],
    })
    await chain.publicClient.waitForTransactionReceipt({ hash })
    expect(
      await chain.publicClient.readContract({
        address: chain.fixtures.testUsdc,
        abi: testUsdcAbi,
        functionName: 'balanceOf',
        args: [to],
      }),
    ).toBe(5_000_000n)
    await expect(
      chain.publicClient.simulateContract({
        account: privateKeyToAccount(devPrivateKeys[0]),
        address: chain.fixtures.testUsdc,
        abi: testUsdcAbi,
        functionName: 'mint',
        args: [to, 1n],
      }),
    ).rejects.toThrow(/NotMinter/)
  })
})
