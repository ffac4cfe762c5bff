import { useEffect, useState } from 'react'
import { useKit } from '../ui/kitContext.js'
import { quoteKey, type SwapWallet, watchQuote } from './swapFlow.js'
import type { SwapProvider, SwapQuote, SwapQuoteParams } from './types.js'

export type QuoteState = { quote?: SwapQuote; error?: unknown; loading: boolean }

/**
 * The quote of `params` from `swap`'s provider, asked again every 10 s on the kit's clock while the view shows
 * (none without params); its tokens' decimals are checked with their contracts through `swap`'s wallet.
 */
export function useQuote(
  swap: { provider: SwapProvider; wallet: Pick<SwapWallet, 'decimalsOf'> } | undefined,
  params: SwapQuoteParams | undefined,
): QuoteState {
  const { kit } = useKit()
  const [state, setState] = useState<QuoteState>({ loading: false })
  const key = params ? quoteKey(params) : ''
  const provider = swap?.provider
  const decimalsOf = swap?.wallet.decimalsOf
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for params' contents.
  useEffect(() => {
    if (!provider || !decimalsOf || !params) {
      setState({ loading: false })
      return
    }
    setState({ loading: true })
    return watchQuote({
      provider,
      decimalsOf,
      params,
      clock: kit.context.clock,
      onQuote: (quote) => setState({ quote, loading: false }),
      onError: (error) => setState({ error, loading: false }),
    })
  }, [provider, decimalsOf, key, kit])
  return state
}
