import { useCallback } from 'react'
import type { ViewData } from '../../state/views.js'
import { errorMessage } from '../components/errorMessage.js'
import { Spinner } from '../components/Spinner.js'
import { WalletIcon } from '../components/WalletRow.js'
import { useKit } from '../kitContext.js'
import { useActionOnMount } from '../useAction.js'
import { switchFromView } from './switchNetworkAction.js'

export function SwitchNetworkView({ data }: { data: ViewData['SwitchNetwork'] }) {
  const { kit, t } = useKit()
  const run = useCallback(
    (signal: AbortSignal) => switchFromView(kit, data.network, signal),
    [kit, data.network],
  )
  const [state, retry] = useActionOnMount(run)
  return (
    <div className="center" data-testid="switch-network">
      <WalletIcon name={data.network.name} src={data.network.assets?.imageUrl} large />
      {state.status === 'error' ? (
        <>
          <p className="error" role="alert">
            <strong>{t('networks.switchFailed')}</strong>
            <br />
            {errorMessage(state.error, t)}
          </p>
          <button type="button" className="secondary" onClick={retry}>
            {t('networks.retry')}
          </button>
        </>
      ) : (
        <Spinner label={t('networks.switching')} />
      )}
    </div>
  )
}
