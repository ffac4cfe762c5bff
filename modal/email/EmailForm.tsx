import { componentCss } from '@pairwise/common/theme'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../ui/components/errorMessage.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { emailTexts } from './texts/index.js'

/**
 * One email field and its button. `submit` runs once per press; its failure (an invalid email, the 30 s
 * throttle's 'Please try again after {n} seconds') is shown under the field and the field keeps its value.
 */
export function EmailForm({
  submit,
  action,
  initial = '',
  testId,
}: {
  submit: (email: string) => Promise<void>
  action: string
  initial?: string
  testId: string
}) {
  const { t } = useKit()
  const et = useFeatureTexts(emailTexts)
  const [email, setEmail] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    submit(email.trim()).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false)
        setError(errorMessage(failure, t))
      },
    )
  }
  return (
    <form className="form" onSubmit={onSubmit} data-testid={testId} noValidate>
      <style>{componentCss}</style>
      <input
        className="input"
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-label={et?.('label')}
        placeholder={et?.('placeholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        data-testid={`${testId}-input`}
        required
      />
      <button type="submit" className="primary" disabled={busy || email.trim() === ''}>
        {busy ? t('modal.loading') : action}
      </button>
      {error ? (
        <p className="error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </form>
  )
}
