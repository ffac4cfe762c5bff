import { switchNamespace } from '../../controllers/modal.js'
import { replace } from '../../controllers/router.js'
import type { ViewData } from '../../state/views.js'
import { useKit } from '../kitContext.js'

export function SwitchActiveChainView({ data }: { data: ViewData['SwitchActiveChain'] }) {
  const { kit, t } = useKit()
  return (
    <div className="center" data-testid="switch-active-chain">
      <p>{t('switchChain.body', { namespace: data.namespace })}</p>
      <button
        type="button"
        className="primary"
        onClick={() => {
          switchNamespace(kit.context, data.namespace)
          replace(kit.context, { view: kit.store.get().account.address ? 'Account' : 'Connect' })
        }}
      >
        {t('switchChain.confirm')}
      </button>
    </div>
  )
}
