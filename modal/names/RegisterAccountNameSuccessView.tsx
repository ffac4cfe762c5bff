import { reset } from '../controllers/router.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { namesTexts } from './texts/index.js'

/** After a registration: the account's new name, and the way back to Account. */
export function RegisterAccountNameSuccessView() {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(namesTexts)
  const profileName = useAppState((s) => s.account.profileName)
  if (!ft) return <Spinner label={t('modal.loading')} />
  return (
    <div className="center" data-testid="register-account-name-success">
      <p>{ft('names.successHeading')}</p>
      {profileName ? (
        <p className="muted" data-testid="register-account-name-success-name">
          {ft('names.successDetail', { name: profileName })}
        </p>
      ) : null}
      <button type="button" className="primary" onClick={() => reset(kit.context, { view: 'Account' })}>
        {ft('names.successDone')}
      </button>
    </div>
  )
}
