import { useCallback } from 'react'
import { connectAndClose } from '../../controllers/connectExternal.js'
import { isUserRejection } from '../../controllers/errors.js'
import type { ViewData } from '../../state/views.js'
import { connectorName } from '../components/connectorName.js'
import { errorMessage } from '../components/errorMessage.js'
import { Spinner } from '../components/Spinner.js'
import { WalletIcon } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'
import { useActionOnMount } from '../useAction.js'

export function ConnectingExternalView({ data }: { data: ViewData['ConnectingExternal'] }) {
  const { kit, t } = useKit()
  const connector = useAppState((s) => s.connectors.find((c) => c.id === data.connectorId))
  const name = connector ? connectorName(connector.name, t) : data.connectorId
  const run = useCallback(() => connectAndClose(kit.context, data.connectorId), [kit, data.connectorId])
  const [state, retry] = useActionOnMount(run, data.attempt)
  return (
    <div className="center" data-testid="connecting-external">
      <WalletIcon name={name} src={connector?.imageUrl} large />
      {state.status === 'error' ? (
        <>
          <p className="error" role="alert">
            <strong>{isUserRejection(state.error) ? t('external.declined') : t('external.failed')}</strong>
            <br />
            {isUserRejection(state.error) ? t('external.declinedHint') : errorMessage(state.error, t)}
          </p>
          <button type="button" className="secondary" onClick={retry}>
            {t('external.retry')}
          </button>
        </>
      ) : (
        <>
          <p>
            <strong>{t('external.continue', { name })}</strong>
          </p>
          <Spinner label={t('external.accept')} />
        </>
      )}
    </div>
  )
}
