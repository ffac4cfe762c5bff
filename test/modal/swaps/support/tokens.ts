import { nativeTokenAddress, type SwapToken } from '../../../../modal/swaps/types.js'

/** The swap tests' tokens: the native coin and two 6-decimal tokens at made-up addresses. */
export const eth: SwapToken = {
  name: 'Test Ether',
  symbol: 'tETH',
  address: nativeTokenAddress,
  decimals: 18,
  logoUri: '',
}
export const usdc: SwapToken = {
  name: 'Test USD Coin',
  symbol: 'tUSDC',
  address: '0x1111111111111111111111111111111111111111',
  decimals: 6,
  logoUri: '',
}
export const dai: SwapToken = {
  ...usdc,
  symbol: 'tDAI',
  address: '0x2222222222222222222222222222222222222222',
}
