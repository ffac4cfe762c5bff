import { useCallback } from 'react'
import { shortEmail } from '../embedded/index.js'
import type { ViewData } from '../state/views.js'
import { errorMessage } from '../ui/components/errorMessage.js'
import { useKit } from '../ui/kitContext.js'
import { useActionOnMount } from '../ui/useAction.js'
import { awaitCode, awaitDeviceApproval, confirmCurrentEmail, confirmNewEmail } from './emailFlow.js'
import { emailStyles } from './emailStyles.js'
import { FrameSlot } from './FrameSlot.js'
import { useEmbeddedWallet } from './useEmbeddedWallet.js'

/**
 * A view whose code is typed in the secure frame, shown over the slot: it waits on `wait` (the frame's
 * request resolves once the code was right), and says what failed when it did.
 */
function FrameCodeView({
  title,
  wait,
  testId,
}: {
  title: string
  wait: () => Promise<void>
  testId: string
}) {
  const { t } = useKit()
  const wallet = useEmbeddedWallet()
  const [state, retry] = useActionOnMount(wait)
  return (
    <div className="center" data-testid={testId}>
      <style>{emailStyles}</style>
      <p>{title}</p>
      {state.status === 'error' ? (
        <>
          <p className="error" role="alert">
            {errorMessage(state.error, t)}
          </p>
          <button type="button" className="secondary" onClick={retry}>
            {t('email.retry')}
          </button>
        </>
      ) : (
        <FrameSlot wallet={wallet} />
      )}
    </div>
  )
}

/** EmailVerifyOtp (EMAIL-03) */
export function EmailVerifyOtpView({ data }: { data: ViewData['EmailVerifyOtp'] }) {
  const { kit, t } = useKit()
  const wait = useCallback(() => awaitCode(kit.context), [kit])
  return (
    <FrameCodeView
      testId="email-verify-otp"
      title={t('email.codeSent', { email: shortEmail(data.email) })}
      wait={wait}
    />
  )
}

/** UpdateEmailWallet's first code: the one sent to the current email (EMAIL-07). */
export function UpdateEmailPrimaryOtpView({ data }: { data: ViewData['UpdateEmailPrimaryOtp'] }) {
  const { kit, t } = useKit()
  const wait = useCallback(() => confirmCurrentEmail(kit.context, data), [kit, data])
  return (
    <FrameCodeView
      testId="update-email-primary"
      title={t('email.codeSent', { email: shortEmail(data.email) })}
      wait={wait}
    />
  )
}

/** UpdateEmailWallet's last code: the one sent to the new email (EMAIL-07, EMAIL-08). */
export function UpdateEmailSecondaryOtpView({ data }: { data: ViewData['UpdateEmailSecondaryOtp'] }) {
  const { kit, t } = useKit()
  const wait = useCallback(() => confirmNewEmail(kit.context), [kit])
  return (
    <FrameCodeView
      testId="update-email-secondary"
      title={t('email.codeSent', { email: shortEmail(data.newEmail) })}
      wait={wait}
    />
  )
}

/** EmailVerifyDevice (EMAIL-02): the visitor approves this device from the mail, then types the code. */
export function EmailVerifyDeviceView({ data }: { data: ViewData['EmailVerifyDevice'] }) {
  const { kit, t } = useKit()
  const wait = useCallback(() => awaitDeviceApproval(kit.context, data.email), [kit, data.email])
  const [state, retry] = useActionOnMount(wait)
  return (
    <div className="center" data-testid="email-verify-device">
      <p>
        <strong>{t('email.approveDevice')}</strong>
      </p>
      <p className="muted">{t('email.approveDeviceHint', { email: shortEmail(data.email) })}</p>
      {state.status === 'error' ? (
        <>
          <p className="error" role="alert">
            {errorMessage(state.error, t)}
          </p>
          <button type="button" className="secondary" onClick={retry}>
            {t('email.retry')}
          </button>
        </>
      ) : null}
    </div>
  )
}
