import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Abi, erc20Abi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DexContracts, deployDex, devPrivateKeys } from '../../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'

const routerAbi = (
  JSON.parse(
    readFileSync(
      createRequire(import.meta.url).resolve('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
      'utf8',
    ),
  ) as { abi: Abi }
).abi

let chain: ChainFixture
let dex: DexContracts
beforeAll(async () => {
  chain = await startChainFixture()
  dex = await deployDex({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    testUsdc: chain.fixtures.testUsdc,
    testUsdcMinterKey: devPrivateKeys[1],
  })
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

describe('the local Uniswap V2 (deployDex)', () => {
  const amountsOut = (amount: bigint, path: readonly `0x${string}`[]) =>
    chain.publicClient.readContract({
      address: dex.uniswapRouter,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    }) as Promise<readonly bigint[]>

  it('quotes about 2500 tUSDC for 1 tETH through the seeded pool (0.3 % fee, deep liquidity)', async () => {
    const [, out] = await amountsOut(parseEther('1'), [dex.weth, chain.fixtures.testUsdc])
    expect(out).toBeGreaterThan(parseUnits('2490', 6))
    expect(out).toBeLessThan(parseUnits('2500', 6))
  })

  it('quotes tUSDC → tDAI at about 1:1', async () => {
    const [, out] = await amountsOut(parseUnits('100', 6), [chain.fixtures.testUsdc, dex.testDai])
    expect(out).toBeGreaterThan(parseEther('99.6'))
    expect(out).toBeLessThan(parseEther('100'))
  })

  it('keeps tDAI as Test DAI with 18 decimals, and gives the same addresses on every fresh chain', async () => {
    const read = <F extends 'symbol' | 'decimals'>(functionName: F) =>
      chain.publicClient.readContract({ address: dex.testDai, abi: erc20Abi, functionName })
    expect([await read('symbol'), await read('decimals')]).toEqual(['tDAI', 18])
    const other = await startChainFixture()
    try {
      const again = await deployDex({
        rpcUrl: other.rpcUrl,
        chainId: other.chainId,
        testUsdc: other.fixtures.testUsdc,
        testUsdcMinterKey: devPrivateKeys[1],
      })
      expect(again).toEqual(dex)
    } finally {
      await other.stop()
    }
  }, 60_000)
})
