import { useEffect, useState } from 'react'
import { emailConnection } from '../controllers/emailConnection.js'
import { push } from '../controllers/router.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { loadProfileName } from './namesController.js'
import { namesErrorText } from './namesMessage.js'
import { namesTexts } from './texts/index.js'

/**
 * On Account, in apps with names (the email wallet and the api): the account's name looked up once per
 * address (Account shows it instead of the address), and "Choose name" for an email-wallet account on
 * eip155 that has none.
 */
export function AccountNames() {
  const { kit } = useKit()
  const ft = useFeatureTexts(namesTexts)
  const address = useAppState((s) => (s.activeChain === 'eip155' ? s.account.address : undefined))
  const profileName = useAppState((s) => s.account.profileName)
  const emailWallet = useAppState(() => Boolean(emailConnection(kit.context)))
  const [failed, setFailed] = useState<string>()

  useEffect(() => {
    const api = kit.api
    if (!api || !address || kit.store.get().account.profileName) return
    let live = true
    setFailed(undefined)
    loadProfileName(kit.context, api).catch(() => live && setFailed(address))
    return () => {
      live = false
    }
  }, [kit, address])

  if (!ft || !address) return null
  return (
    <>
      {emailWallet && !profileName ? (
        <button
          type="button"
          className="secondary"
          data-testid="account-choose-name"
          onClick={() => push(kit.context, { view: 'RegisterAccountName' })}
        >
          {ft('names.choose')}
        </button>
      ) : null}
      {failed === address ? (
        <p className="error" role="alert">
          {namesErrorText(ft, 'REVERSE_FAILED')}
        </p>
      ) : null}
    </>
  )
}
