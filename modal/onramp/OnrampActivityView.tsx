import { componentCss } from '@pairwise/common/theme'
import { useEffect, useState } from 'react'
import { replace } from '../controllers/router.js'
import type { ViewData } from '../state/views.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { onrampStyles } from './onrampStyles.js'
import { onrampTexts } from './texts/index.js'
import type { OnrampOrder } from './types.js'
import { useOnrampProvider } from './useOnrampProvider.js'

/**
 * The account's purchases from the provider, newest first: amounts, status and a failure's reason. The order
 * a checkout just settled comes first, as the listing holds paid orders only and so never a declined one.
 */
export function OnrampActivityView({ data }: { data?: ViewData['OnrampActivity'] }) {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(onrampTexts)
  const provider = useOnrampProvider()
  const address = useAppState((s) => s.account.address)
  const [orders, setOrders] = useState<OnrampOrder[]>()
  const [failure, setFailure] = useState<string>()

  useEffect(() => {
    if (!provider || !address) return
    let live = true
    provider
      .getOrders({ address, since: 0 })
      .then((listed) => live && setOrders(withSettled(listed, data?.settled)))
      .catch((error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)))
    return () => {
      live = false
    }
  }, [provider, address, data?.settled])

  if (!ft || (!orders && !failure)) return <Spinner label={t('modal.loading')} />
  return (
    <div className="form" data-testid="onramp-activity">
      <style>{componentCss}</style>
      <style>{onrampStyles}</style>
      {failure ? (
        <p className="error" role="alert">
          {failure}
        </p>
      ) : null}
      {orders?.length === 0 ? <p className="muted">{ft('onramp.activity.empty')}</p> : null}
      <ul className="list">
        {orders?.map((order) => (
          <li
            key={order.id}
            className="row onramp-order"
            data-testid="onramp-order"
            data-status={order.status}
          >
            <span className="name">
              {order.purchaseAmount.amount} {order.purchaseAmount.currency} · {order.paymentAmount.amount}{' '}
              {order.paymentAmount.currency}
            </span>
            <span className="tag">{ft(`onramp.status.${order.status}`)}</span>
            {order.failureReason ? (
              <span className="error" data-testid="onramp-order-reason">
                {order.failureReason}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="secondary"
        onClick={() => replace(kit.context, { view: 'OnrampProviders' })}
      >
        {ft('onramp.buyAgain')}
      </button>
    </div>
  )
}

/** `listed` with `settled` first, once: a paid order is in the listing too, in its newer state. */
function withSettled(listed: OnrampOrder[], settled: OnrampOrder | undefined): OnrampOrder[] {
  if (!settled || listed.some((order) => order.id === settled.id)) return listed
  return [settled, ...listed]
}
