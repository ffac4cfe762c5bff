import { shortAddress, shortBalance } from './components/shortAddress.js'
import { useAppState, useKit } from './kitContext.js'

export function ConnectButton({ label }: { label?: string | undefined }) {
  const { kit, t } = useKit()
  const connecting = useAppState(
    (s) => s.account.status === 'connecting' || s.account.status === 'reconnecting',
  )
  return (
    <button type="button" className="kit-button" data-testid="connect-button" onClick={() => void kit.open()}>
      {connecting ? t('button.connecting') : (label ?? t('button.connect'))}
    </button>
  )
}

export function AccountButton({ balance = 'show' }: { balance?: 'show' | 'hide' | undefined }) {
  const { kit } = useKit()
  const account = useAppState((s) => s.account)
  if (!account.address) return null
  return (
    <button
      type="button"
      className="kit-button account"
      data-testid="account-button"
      onClick={() => void kit.open({ view: 'Account' })}
    >
      {balance === 'show' && account.balance !== undefined ? (
        <span>
          {shortBalance(account.balance)} {account.balanceSymbol}
        </span>
      ) : null}
      <span>{account.profileName ?? shortAddress(account.address)}</span>
    </button>
  )
}

export function NetworkButton() {
  const { kit, t } = useKit()
  const network = useAppState((s) => s.activeNetwork)
  return (
    <button
      type="button"
      className="kit-button account"
      data-testid="network-button"
      onClick={() => void kit.open({ view: 'Networks' })}
    >
      {network?.name ?? t('button.network')}
    </button>
  )
}

/** Connect when disconnected, the account button once connected. */
export function AppKitButton(props: { label?: string | undefined; balance?: 'show' | 'hide' | undefined }) {
  const connected = useAppState((s) => Boolean(s.account.address))
  return connected ? <AccountButton balance={props.balance} /> : <ConnectButton label={props.label} />
}
