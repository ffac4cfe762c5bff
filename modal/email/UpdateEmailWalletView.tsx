import type { ViewData } from '../state/views.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { EmailForm } from './EmailForm.js'
import { startEmailChange } from './emailFlow.js'
import { emailTexts } from './texts/index.js'

/** UpdateEmailWallet (EMAIL-06): the new email; the frame refuses an invalid or taken one. */
export function UpdateEmailWalletView({ data }: { data: ViewData['UpdateEmailWallet'] }) {
  const { kit } = useKit()
  const et = useFeatureTexts(emailTexts)
  if (!et) return null
  return (
    <section data-testid="update-email">
      <EmailForm
        testId="update-email-form"
        action={et('save')}
        submit={(newEmail) => startEmailChange(kit.context, data.email, newEmail)}
      />
    </section>
  )
}
