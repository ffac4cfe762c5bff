import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { EmailForm } from './EmailForm.js'
import { loginWithEmail } from './emailFlow.js'
import { emailTexts } from './texts/index.js'

/** EmailLogin: the email field alone (Connect shows the same field among the other methods). */
export function EmailLoginView() {
  const { kit } = useKit()
  const et = useFeatureTexts(emailTexts)
  if (!et) return null
  return (
    <section data-testid="email-login">
      <EmailForm
        testId="email-login-form"
        action={et('continue')}
        submit={(email) => loginWithEmail(kit.context, email)}
      />
    </section>
  )
}
