import { lazy, Suspense, useState } from 'react'
import { disconnect } from '../../controllers/connection.js'
import { swapsEnabled } from '../../controllers/features.js'
import { close } from '../../controllers/modal.js'
import { push } from '../../controllers/router.js'
import { AccountSendButtons } from '../../send/AccountSendButtons.js'
import { monogram } from '../../wallets/monogram.js'
import { copyText } from '../components/copyText.js'
import { errorMessage } from '../components/errorMessage.js'
import { Figure } from '../components/Figure.js'
import { formatAmount } from '../components/formatAmount.js'
import { shortAddress } from '../components/shortAddress.js'
import { useAppState, useKit } from '../kitContext.js'
import { useEmbeddedUi } from '../useEmbeddedUi.js'

// Account names come with the names chunk, for apps with the email wallet and the api only.
const AccountNames = lazy(() =>
  import('../../names/AccountNames.js').then(({ AccountNames }) => ({ default: AccountNames })),
)

// Buy comes with the onramp chunk, for apps with the onramp feature on and an api only.
const AccountOnramp = lazy(() =>
  import('../../onramp/AccountOnramp.js').then(({ AccountOnramp }) => ({ default: AccountOnramp })),
)

// Swap comes with the swap chunk, for apps with the swaps feature on and an api only.
const AccountSwap = lazy(() =>
  import('../../swaps/AccountSwap.js').then(({ AccountSwap }) => ({ default: AccountSwap })),
)

// VIEW-04: the tabs are a chunk of their own, so the first load carries none of them.
const AccountTabs = lazy(() =>
  import('./account/AccountTabs.js').then(({ AccountTabs }) => ({ default: AccountTabs })),
)

export function AccountView() {
  const { kit, t } = useKit()
  const account = useAppState((s) => s.account)
  const network = useAppState((s) => s.activeNetwork)
  const emailWallet = useAppState((s) => {
    const entry = s.activeChain ? s.connections[s.activeChain] : undefined
    const current = entry?.current === undefined ? undefined : entry.connections[entry.current]
    return s.connectors.some((c) => c.type === 'AUTH' && c.id === current?.connectorId)
  })
  // The email wallet's own actions come with the embedded wallet's plug-in, for email logins only.
  const AuthAccountSection = useEmbeddedUi()?.AccountSection
  const names = useAppState((s) =>
    s.connectors.some((c) => c.type === 'AUTH' && c.chainNamespace === 'eip155'),
  )
  const onramp = useAppState((s) => s.features.onramp && s.activeChain === 'eip155')
  const swaps = useAppState((s) => swapsEnabled(s) && s.activeChain === 'eip155')
  const [copied, setCopied] = useState(false)
  const [error, setError] = useState<string>()
  if (!account.address) return null
  const address = account.address
  return (
    <div className="center" data-testid="account">
      <img
        className="avatar"
        src={account.profileImage || monogram(address.slice(2, 8))}
        alt=""
        width={64}
        height={64}
      />
      <p className="address" data-testid="account-address" title={address}>
        {account.profileName ?? shortAddress(address)}
      </p>
      <p className="balance" data-testid="account-balance" aria-live="polite">
        {account.balanceLoading && account.balance === undefined ? (
          t('account.balanceLoading')
        ) : account.balanceError ? (
          <>
            {`${t('account.balanceUnavailable')} · `}
            <Figure>{`${formatAmount('0', t.locale, { minimumFractionDigits: 2 })} ${account.balanceSymbol ?? ''}`}</Figure>
          </>
        ) : (
          <Figure>{`${formatAmount(account.balance ?? '0', t.locale)} ${account.balanceSymbol ?? ''}`}</Figure>
        )}
      </p>
      <button type="button" className="secondary" onClick={() => void copyText(address).then(setCopied)}>
        {copied ? t('account.copied') : t('account.copyAddress')}
      </button>
      <AccountSendButtons />
      {emailWallet && AuthAccountSection ? (
        <Suspense fallback={null}>
          <AuthAccountSection />
        </Suspense>
      ) : null}
      {names && kit.api ? (
        <Suspense fallback={null}>
          <AccountNames />
        </Suspense>
      ) : null}
      {onramp && kit.api ? (
        <Suspense fallback={null}>
          <AccountOnramp />
        </Suspense>
      ) : null}
      {swaps && kit.api ? (
        <Suspense fallback={null}>
          <AccountSwap />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <AccountTabs />
      </Suspense>
      <ul className="list" style={{ width: '100%' }}>
        <li>
          <button
            type="button"
            className="row"
            data-testid="account-network"
            onClick={() => push(kit.context, { view: 'Networks' })}
          >
            <span className="name">{t('account.network')}</span>
            <span className="tag">{network?.name ?? t('button.unknownNetwork')}</span>
          </button>
        </li>
        {account.addressExplorerUrl ? (
          <li>
            <a className="row" href={account.addressExplorerUrl} target="_blank" rel="noopener noreferrer">
              <span className="name">{t('account.explorer')}</span>
            </a>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className="row"
            data-testid="disconnect"
            onClick={() =>
              disconnect(kit.context).then(
                () => !kit.store.get().account.address && close(kit.context),
                (e: unknown) => setError(errorMessage(e, t)),
              )
            }
          >
            <span className="name">{t('account.disconnect')}</span>
          </button>
        </li>
      </ul>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
