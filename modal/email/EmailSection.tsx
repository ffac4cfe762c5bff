import { useKit } from '../ui/kitContext.js'
import { EmailForm } from './EmailForm.js'
import { loginWithEmail } from './emailFlow.js'
import { emailStyles } from './emailStyles.js'

/** The email method on Connect: a field whose code (and the frame's) loads only for apps with email on. */
export function EmailSection() {
  const { kit, t } = useKit()
  return (
    <section aria-label={t('email.label')}>
      <style>{emailStyles}</style>
      <EmailForm
        testId="email-connect"
        action={t('email.continue')}
        submit={(email) => loginWithEmail(kit.context, email)}
      />
    </section>
  )
}
