import { useEffect, useState } from 'react'
import { erc20Abi } from 'viem'
import { getBalance, readContract } from 'viem/actions'
import { useAppState, useKit } from '../ui/kitContext.js'
import { swapChainConfig } from './swapConfig.js'
import { evmSwapWallet, type KitSwapWallet } from './swapWallet.js'
import { isNativeToken, type SwapProvider, type SwapToken } from './types.js'
import { uniswapV2Provider } from './uniswapV2Provider.js'

export type SwapSetup =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; provider: SwapProvider; wallet: KitSwapWallet; tokens: readonly SwapToken[] }

/**
 * The default provider (the app's DEX, `uniswap-v2`) for the active EVM account and network: its tokens and
 * router from the app's api, its reads through the kit's eip155 adapter. Unavailable without an api, an EVM
 * account the adapter can send from, or a DEX on the network.
 */
export function useSwapSetup(): SwapSetup {
  const { kit } = useKit()
  const address = useAppState((s) => s.account.address)
  const networkId = useAppState((s) => s.activeNetwork?.caipNetworkId)
  const [setup, setSetup] = useState<SwapSetup>({ status: 'loading' })
  useEffect(() => {
    const wallet = address && networkId ? evmSwapWallet(kit.context) : undefined
    const api = kit.api
    if (!wallet || !api) {
      setSetup({ status: 'unavailable' })
      return
    }
    let live = true
    swapChainConfig(api, wallet.chainId).then(
      (config) => {
        if (!live) return
        const provider = uniswapV2Provider({
          chainId: wallet.chainId,
          client: wallet.client,
          router: config.router,
          weth: config.weth,
          tokens: config.tokens,
        })
        setSetup({ status: 'ready', provider, wallet, tokens: config.tokens })
      },
      () => live && setSetup({ status: 'unavailable' }),
    )
    return () => {
      live = false
    }
  }, [kit, address, networkId])
  return setup
}

/** The account's balance of `token` in its smallest unit; undefined while it loads or without a token. */
export function useTokenBalance(
  wallet: KitSwapWallet | undefined,
  token: SwapToken | undefined,
  version = 0,
) {
  const [balance, setBalance] = useState<bigint>()
  useEffect(() => {
    setBalance(undefined)
    if (!wallet || !token) return
    let live = true
    const read = isNativeToken(token)
      ? getBalance(wallet.client, { address: wallet.account })
      : readContract(wallet.client, {
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [wallet.account],
        })
    read.then(
      (value) => live && setBalance(value),
      () => {},
    )
    return () => {
      live = false
    }
  }, [wallet, token])
  return balance
}
