import { useEffect, useState } from 'react'
import { useKit } from '../ui/kitContext.js'
import { quoteKey, watchQuote } from './swapFlow.js'
import type { SwapProvider, SwapQuote, SwapQuoteParams } from './types.js'

export type QuoteState = { quote?: SwapQuote; error?: unknown; loading: boolean }

/** The quote of `params`, asked again every 10 s on the kit's clock while the view shows (none without params). */
export function useQuote(
  provider: SwapProvider | undefined,
  params: SwapQuoteParams | undefined,
): QuoteState {
  const { kit } = useKit()
  const [state, setState] = useState<QuoteState>({ loading: false })
  const key = params ? quoteKey(params) : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for params' contents.
  useEffect(() => {
    if (!provider || !params) {
      setState({ loading: false })
      return
    }
    setState({ loading: true })
    return watchQuote({
      provider,
      params,
      clock: kit.context.clock,
      onQuote: (quote) => setState({ quote, loading: false }),
      onError: (error) => setState({ error, loading: false }),
    })
  }, [provider, key, kit])
  return state
}
