import { push } from '../controllers/router.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { sendTexts } from './texts/index.js'

/**
 * Account's Send (EVM accounts, which the send views act for) and Receive buttons. Their words come from
 * the send feature's texts, which the Account chunk carries, not the first load's catalogue.
 */
export function AccountSendButtons() {
  const { kit } = useKit()
  const ft = useFeatureTexts(sendTexts)
  const evm = useAppState((s) => s.activeChain === 'eip155')
  if (!ft) return null
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      {evm ? (
        <button
          type="button"
          className="secondary"
          data-testid="account-send"
          onClick={() => push(kit.context, { view: 'Send' })}
        >
          {ft('action.send')}
        </button>
      ) : null}
      <button
        type="button"
        className="secondary"
        data-testid="account-receive"
        onClick={() => push(kit.context, { view: 'Receive' })}
      >
        {ft('action.receive')}
      </button>
    </div>
  )
}
