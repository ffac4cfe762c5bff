import { useEffect } from 'react'
import type { ViewData } from '../state/views.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { emailStyles } from './emailStyles.js'
import { FrameSlot } from './FrameSlot.js'
import { emailTexts } from './texts/index.js'
import { useEmbeddedWallet } from './useEmbeddedWallet.js'

/**
 * ApproveTransaction (OPEN-14): the secure frame shows the request and what it will do, and takes the
 * visitor's approval itself; this page never sees the choice, only the result. Leaving the view (closing
 * the modal) aborts the request (RPC_ABORT).
 */
export function ApproveTransactionView({ data }: { data: ViewData['ApproveTransaction'] }) {
  const et = useFeatureTexts(emailTexts)
  const wallet = useEmbeddedWallet()
  useEffect(() => () => wallet?.provider.abortPending(), [wallet])
  return (
    <div className="center" data-testid="approve-transaction" data-method={data.method}>
      <style>{emailStyles}</style>
      {et ? <p className="muted">{et('approveInFrame')}</p> : null}
      <FrameSlot wallet={wallet} height={420} />
    </div>
  )
}
