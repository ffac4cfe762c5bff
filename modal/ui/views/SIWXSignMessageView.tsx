import { useSyncExternalStore } from 'react'
import type { SignInHooks } from '../../controllers/context.js'
import { Spinner } from '../components/Spinner.js'
import { useKit } from '../kitContext.js'

const nothingToWatch = () => () => undefined

/** Whether the wallet is being asked to sign, re-rendered as that changes; never while sign-in is not loaded. */
function useSigning(signIn: SignInHooks | undefined): boolean {
  return useSyncExternalStore(
    signIn ? (onChange) => signIn.subscribe(onChange) : nothingToWatch,
    () => Boolean(signIn?.signing()),
    () => Boolean(signIn?.signing()),
  )
}

/**
 * SIWXSignMessage (OPEN-13): the app asks the connected wallet to sign in. While the wallet is asked it
 * shows 'Authenticating...' (ERR-12); when sign-in is required it says that cancelling disconnects.
 */
export function SIWXSignMessageView() {
  const { kit, t } = useKit()
  const signIn = kit.context.signIn
  const signing = useSigning(signIn)
  const name = kit.options.metadata?.name
  return (
    <div className="center" data-testid="siwx-sign-message">
      <p>{name ? t('siwx.request', { name }) : t('siwx.requestApp')}</p>
      <p className="muted">{t('siwx.explain')}</p>
      {signIn?.required() ? (
        <p className="muted" data-testid="siwx-cancel-disconnects">
          {t('siwx.cancelDisconnects')}
        </p>
      ) : null}
      {signing ? <Spinner label={t('siwx.authenticating')} /> : null}
      <button
        type="button"
        className="primary"
        disabled={!signIn || signing}
        onClick={() => void signIn?.sign()}
      >
        {signing ? t('siwx.authenticating') : t('siwx.sign')}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={!signIn || signing}
        onClick={() => void signIn?.cancel()}
      >
        {t('siwx.cancel')}
      </button>
    </div>
  )
}
