import { useEffect, useState } from 'react'
import { reloadTokenBalances } from '../controllers/balances.js'
import { replace } from '../controllers/router.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { openCheckoutWindow } from './checkoutWindow.js'
import { onrampTexts } from './texts/index.js'
import { useOnrampProvider } from './useOnrampProvider.js'
import { watchOrder } from './watchOrder.js'

export type BuyInProgressData = {
  checkoutUrl: string
  provider: string
  orderId?: string | undefined
  startedAt: number
}

/**
 * Waits for the order of the checkout just opened (every 4 s, at most 180 s), then shows the purchases;
 * a delivered order reloads the balances.
 */
export function BuyInProgressView({ data }: { data: BuyInProgressData }) {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(onrampTexts)
  const provider = useOnrampProvider()
  const address = useAppState((s) => s.account.address)
  const [timedOut, setTimedOut] = useState(false)

  useEffect(() => {
    // Only the sandbox reports orders to the modal; Meld and Coinbase show them in their own window.
    if (!provider || !address || data.provider !== provider.id) return
    return watchOrder({
      provider,
      address,
      // A little before the click: the order is stamped by the provider's clock.
      since: data.startedAt - 60_000,
      ...(data.orderId ? { orderId: data.orderId } : {}),
      clock: kit.context.clock,
      settled: (order) => {
        // A delivered order changed the balances: the Tokens tab reads them past its cache.
        if (order.status === 'SUCCESS' && kit.api) void reloadTokenBalances(kit.context, kit.api)
        replace(kit.context, { view: 'OnrampActivity', data: { settled: order } })
      },
      timedOut: () => setTimedOut(true),
    })
  }, [kit, provider, address, data.provider, data.startedAt, data.orderId])

  if (!ft) return <Spinner label={t('modal.loading')} />
  return (
    <div className="center" data-testid="buy-in-progress">
      {timedOut ? (
        <p className="error" role="alert">
          {ft('onramp.inProgress.timeout')}
        </p>
      ) : (
        <Spinner label={ft('onramp.inProgress.detail')} />
      )}
      <button
        type="button"
        className="secondary"
        onClick={() => openCheckoutWindow()?.show(data.checkoutUrl)}
      >
        {ft('onramp.reopen')}
      </button>
    </div>
  )
}
