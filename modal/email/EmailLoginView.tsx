import { useKit } from '../ui/kitContext.js'
import { EmailForm } from './EmailForm.js'
import { loginWithEmail } from './emailFlow.js'

/** EmailLogin: the email field alone (Connect shows the same field among the other methods). */
export function EmailLoginView() {
  const { kit, t } = useKit()
  return (
    <section data-testid="email-login">
      <EmailForm
        testId="email-login-form"
        action={t('email.continue')}
        submit={(email) => loginWithEmail(kit.context, email)}
      />
    </section>
  )
}
