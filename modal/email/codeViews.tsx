import { useCallback } from 'react'
import type { ModalContext } from '../controllers/context.js'
import { emailInText } from '../embedded/index.js'
import type { ViewData } from '../state/views.js'
import { errorMessage } from '../ui/components/errorMessage.js'
import { useKit } from '../ui/kitContext.js'
import { useActionOnMount } from '../ui/useAction.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { awaitCode, awaitDeviceApproval, confirmCurrentEmail, confirmNewEmail } from './emailFlow.js'
import { emailStyles } from './emailStyles.js'
import { FrameSlot } from './FrameSlot.js'
import { emailTexts } from './texts/index.js'
import { useEmbeddedWallet } from './useEmbeddedWallet.js'

/** What failed, in the reader's language, and Try again. */
function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useKit()
  const et = useFeatureTexts(emailTexts)
  return (
    <>
      <p className="error" role="alert">
        {errorMessage(error, t)}
      </p>
      <button type="button" className="secondary" onClick={retry}>
        {et?.('retry')}
      </button>
    </>
  )
}

/**
 * A view whose code is typed in the secure frame, shown over the slot: it waits on `wait` (the frame's
 * request resolves once the code was right, started at once, not after the texts), and says what failed.
 */
function FrameCodeView({
  title,
  wait,
  testId,
}: {
  title: string | undefined
  wait: () => Promise<void>
  testId: string
}) {
  const wallet = useEmbeddedWallet()
  const [state, retry] = useActionOnMount(wait)
  return (
    <div className="center" data-testid={testId}>
      <style>{emailStyles}</style>
      <p>{title}</p>
      {state.status === 'error' ? (
        <Failed error={state.error} retry={retry} />
      ) : (
        <FrameSlot wallet={wallet} />
      )}
    </div>
  )
}

type CodeViewName = 'EmailVerifyOtp' | 'UpdateEmailPrimaryOtp' | 'UpdateEmailSecondaryOtp'

/** A code view: where the code went, and what its frame request does once the code was right. */
function codeView<V extends CodeViewName>(
  testId: string,
  sentTo: (data: ViewData[V]) => string,
  wait: (ctx: ModalContext, data: ViewData[V]) => Promise<void>,
) {
  return function CodeView({ data }: { data: ViewData[V] }) {
    const { kit } = useKit()
    const et = useFeatureTexts(emailTexts)
    const run = useCallback(() => wait(kit.context, data), [kit, data, wait])
    return (
      <FrameCodeView
        testId={testId}
        title={et?.('codeSent', { email: emailInText(sentTo(data)) })}
        wait={run}
      />
    )
  }
}

/** EmailVerifyOtp (EMAIL-03) */
export const EmailVerifyOtpView = codeView<'EmailVerifyOtp'>(
  'email-verify-otp',
  (data) => data.email,
  awaitCode,
)

/** UpdateEmailWallet's first code: the one sent to the current email (EMAIL-07). */
export const UpdateEmailPrimaryOtpView = codeView<'UpdateEmailPrimaryOtp'>(
  'update-email-primary',
  (data) => data.email,
  confirmCurrentEmail,
)

/** UpdateEmailWallet's last code: the one sent to the new email (EMAIL-07, EMAIL-08). */
export const UpdateEmailSecondaryOtpView = codeView<'UpdateEmailSecondaryOtp'>(
  'update-email-secondary',
  (data) => data.newEmail,
  confirmNewEmail,
)

/** EmailVerifyDevice (EMAIL-02): the visitor approves this device from the mail, then types the code. */
export function EmailVerifyDeviceView({ data }: { data: ViewData['EmailVerifyDevice'] }) {
  const { kit } = useKit()
  const et = useFeatureTexts(emailTexts)
  const wait = useCallback(() => awaitDeviceApproval(kit.context, data.email), [kit, data.email])
  const [state, retry] = useActionOnMount(wait)
  return (
    <div className="center" data-testid="email-verify-device">
      <p>
        <strong>{et?.('approveDevice')}</strong>
      </p>
      <p className="muted">{et?.('approveDeviceHint', { email: emailInText(data.email) })}</p>
      {state.status === 'error' ? <Failed error={state.error} retry={retry} /> : null}
    </div>
  )
}
