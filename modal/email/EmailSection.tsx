import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { EmailForm } from './EmailForm.js'
import { loginWithEmail } from './emailFlow.js'
import { emailTexts } from './texts/index.js'

/** The email method on Connect: a field whose code (and the frame's) loads only for apps with email on. */
export function EmailSection() {
  const { kit } = useKit()
  const et = useFeatureTexts(emailTexts)
  if (!et) return null
  return (
    <section aria-label={et('label')}>
      <EmailForm
        testId="email-connect"
        action={et('continue')}
        submit={(email) => loginWithEmail(kit.context, email)}
      />
    </section>
  )
}
