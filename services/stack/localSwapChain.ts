import { nativeTokenAddress, type SwapChainConfig } from '../api/swap/index.js'
import { type DexContracts, type Fixtures, testDaiToken, testUsdcToken } from '../chain/index.js'

/** The api's swap configuration for the local chain: its Uniswap V2, and tETH, tUSDC and tDAI. */
export function localSwapChain(chainId: number, fixtures: Fixtures, dex: DexContracts): SwapChainConfig {
  return {
    chainId: `eip155:${chainId}`,
    router: dex.uniswapRouter,
    weth: dex.weth,
    tokens: [
      { name: 'Test Ether', symbol: 'tETH', address: nativeTokenAddress, decimals: 18, logoUri: '' },
      { ...testUsdcToken, address: fixtures.testUsdc, logoUri: '' },
      { ...testDaiToken, address: dex.testDai, logoUri: '' },
    ],
  }
}
