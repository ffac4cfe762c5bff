import { useEffect, useState } from 'react'
import { erc20Abi } from 'viem'
import { getBalance, readContract } from 'viem/actions'
import { useKit } from '../ui/kitContext.js'
import { useEvmWalletCall } from '../ui/useEvmWalletCall.js'
import { swapChainConfig } from './swapConfig.js'
import { swapProviderFor } from './swapProviderFor.js'
import { evmSwapWallet, type KitSwapWallet } from './swapWallet.js'
import { isNativeToken, type SwapProvider, type SwapToken } from './types.js'

export type SwapSetup =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready'; provider: SwapProvider; wallet: KitSwapWallet; tokens: readonly SwapToken[] }

/**
 * The swap provider the app's api names for the active EVM account and network: its DEX (`uniswap-v2`, the
 * tokens and router from the api, reads through the kit's eip155 adapter) or the operator's aggregator.
 * Unavailable without an api, an EVM account the adapter can send from, or a provider for the network.
 */
export function useSwapSetup(): SwapSetup {
  const { kit } = useKit()
  const from = useEvmWalletCall()
  const [setup, setSetup] = useState<SwapSetup>({ status: 'loading' })
  useEffect(() => {
    const wallet = from && evmSwapWallet(kit.context.adapters.get('eip155'), from)
    const api = kit.api
    if (!wallet || !api) {
      setSetup({ status: 'unavailable' })
      return
    }
    let live = true
    swapChainConfig(api, wallet.chainId)
      .then((config) => swapProviderFor(config, wallet))
      .then(
        ({ provider, tokens }) => live && setSetup({ status: 'ready', provider, wallet, tokens }),
        () => live && setSetup({ status: 'unavailable' }),
      )
    return () => {
      live = false
    }
  }, [kit, from])
  return setup
}

/** The account's balance of `token` in its smallest unit; undefined while it loads or without a token. */
export function useTokenBalance(wallet: KitSwapWallet | undefined, token: SwapToken | undefined) {
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
