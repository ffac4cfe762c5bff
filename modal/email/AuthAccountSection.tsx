import { useState } from 'react'
import { push } from '../controllers/router.js'
import { shortEmail, visibleEmail } from '../embedded/index.js'
import { errorMessage } from '../ui/components/errorMessage.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { exportWallet } from './emailFlow.js'
import { emailStyles } from './emailStyles.js'
import { setPreferredAccountType } from './preferredAccount.js'
import { emailTexts } from './texts/index.js'
import { useEmbeddedWallet } from './useEmbeddedWallet.js'

/**
 * On Account, for the email wallet: the email (EMAIL-08, EMAIL-11), changing it, switching between the EOA
 * and the smart account on a smart account network (FRAME-13), and exporting the wallet.
 */
export function AuthAccountSection() {
  const { kit, t } = useKit()
  const wallet = useEmbeddedWallet()
  const [error, setError] = useState<string>()
  // Known only on a smart account network: the watcher sets it there (smartAccountWatch.ts).
  const acting = useAppState(({ account }) =>
    account.smartAccountDeployed === undefined ? undefined : (account.preferredAccountType ?? 'eoa'),
  )
  const et = useFeatureTexts(emailTexts)
  const email = wallet?.client.cache.email()
  if (!et) return null
  return (
    <section className="email-account" data-testid="email-account">
      <style>{emailStyles}</style>
      {email ? <AccountEmail email={email} /> : null}
      <button
        type="button"
        className="secondary"
        disabled={!email}
        onClick={() => email && push(kit.context, { view: 'UpdateEmailWallet', data: { email } })}
      >
        {et('update')}
      </button>
      {acting ? (
        <button
          type="button"
          className="secondary"
          data-testid="email-account-switch-type"
          onClick={() => {
            setError(undefined)
            setPreferredAccountType(kit.context, acting === 'smartAccount' ? 'eoa' : 'smartAccount').catch(
              (failure: unknown) => setError(errorMessage(failure, t)),
            )
          }}
        >
          {et(acting === 'smartAccount' ? 'switchToEoa' : 'switchToSmartAccount')}
        </button>
      ) : null}
      <button
        type="button"
        className="secondary"
        onClick={() => {
          setError(undefined)
          exportWallet(kit.context).catch((failure: unknown) => setError(errorMessage(failure, t)))
        }}
      >
        {et('export')}
      </button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}

/**
 * EMAIL-11: the wallet's email, isolated left to right so neither the page's direction nor right-to-left
 * letters in it reorder it; its title holds it whole.
 */
export function AccountEmail({ email }: { email: string }) {
  return (
    <p className="muted" title={visibleEmail(email)} data-testid="email-account-email">
      <bdi dir="ltr">{shortEmail(email)}</bdi>
    </p>
  )
}
