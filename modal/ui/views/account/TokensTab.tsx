import { useEffect } from 'react'
import { loadTokenBalances } from '../../../controllers/balances.js'
import { Figure } from '../../components/Figure.js'
import { formatAmount } from '../../components/formatAmount.js'
import { WalletIcon } from '../../components/WalletRow.js'
import { withUniqueKeys } from '../../components/withUniqueKeys.js'
import { useAppState, useKit } from '../../kitContext.js'
import { usdValue } from './format.js'
import { shownTokens } from './shownTokens.js'
import { tokenIcon } from './tokenIcon.js'

/** VIEW-05: the account's tokens with icon, name, symbol, quantity and value. */
export function TokensTab() {
  const { kit, t } = useKit()
  const { api } = kit
  const account = useAppState((s) => s.account)
  const network = useAppState((s) => s.activeNetwork)
  const networks = useAppState((s) => s.networks)
  const { address } = account
  const caipNetworkId = network?.caipNetworkId
  useEffect(() => {
    if (api && address && caipNetworkId) void loadTokenBalances(kit.context, api)
  }, [api, kit, address, caipNetworkId])
  const tokens = shownTokens(account, network, Boolean(api))
  if (!tokens) return <p className="muted">{t('account.loading')}</p>
  if (tokens.length === 0) return <p className="muted">{t('tokens.empty')}</p>
  return (
    <ul className="list" data-testid="tokens">
      {/* A native coin has no address, and nothing stops a balance answer from listing a token twice. */}
      {withUniqueKeys(tokens, (token) => token.address ?? token.chainId).map(({ key, item: token }) => (
        <li key={key} className="asset" data-testid="token">
          <WalletIcon name={token.symbol} src={tokenIcon(token, networks, kit.options.apiUrl)} />
          <span className="what">
            <span className="name">{token.name}</span>
            <span className="muted">{token.symbol}</span>
          </span>
          <span className="amount">
            <Figure>{`${formatAmount(token.quantity.numeric, t.locale, { minimumFractionDigits: 2 })} ${token.symbol}`}</Figure>
            {token.price > 0 ? <Figure className="muted">{usdValue(token.value, t.locale)}</Figure> : null}
          </span>
        </li>
      ))}
    </ul>
  )
}
