import { useState } from 'react'
import { disconnect } from '../../controllers/connection.js'
import { close } from '../../controllers/modal.js'
import { errorMessage } from '../components/errorMessage.js'
import { useAppState, useKit } from '../kitContext.js'
import { NetworkList } from './NetworksView.js'

export function UnsupportedChainView() {
  const { kit, t } = useKit()
  const networks = useAppState((s) => s.networks)
  const active = useAppState((s) => s.activeNetwork)
  const [error, setError] = useState<string>()
  const fail = (e: unknown) => setError(errorMessage(e, t))
  return (
    <div data-testid="unsupported-chain">
      <p className="muted">{t('unsupported.body')}</p>
      <NetworkList
        networks={networks}
        active={active}
        activeLabel={t('networks.active')}
        onChoose={(n) => kit.switchNetwork(n).then(() => close(kit.context), fail)}
      />
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="secondary"
          onClick={() => disconnect(kit.context).then(() => close(kit.context), fail)}
        >
          {t('unsupported.disconnect')}
        </button>
      </p>
    </div>
  )
}
