import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import type { ChainRequest } from './request.js'
import type { Token } from './schemas.js'

/** A hostile token can name itself with a page of text; the preview shows this much of it. */
const maxSymbolLength = 16

async function callErc20(request: ChainRequest, token: Address, functionName: 'symbol' | 'decimals') {
  const data = encodeFunctionData({ abi: erc20Abi, functionName })
  return (await request('eth_call', [{ to: token, data }, 'latest'])) as Hex
}

/** The token's symbol and decimals read from the chain, or `known: false` when it answers neither. */
export async function tokenInfo(request: ChainRequest, address: Address): Promise<Token> {
  try {
    const [symbolData, decimalsData] = await Promise.all([
      callErc20(request, address, 'symbol'),
      callErc20(request, address, 'decimals'),
    ])
    const symbol = decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbolData })
    const decimals = decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimalsData })
    return { address, symbol: symbol.slice(0, maxSymbolLength), decimals, known: true }
  } catch {
    return { address, symbol: address, decimals: 0, known: false }
  }
}
