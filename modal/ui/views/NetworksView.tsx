import { push } from '../../controllers/router.js'
import type { CaipNetwork } from '../../networks/types.js'
import { WalletRow } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'

export function NetworksView() {
  const { kit, t } = useKit()
  const networks = useAppState((s) => s.networks)
  const active = useAppState((s) => s.activeNetwork)
  const connected = useAppState((s) => Boolean(s.account.address))
  const choose = (network: CaipNetwork) => {
    if (network.caipNetworkId === active?.caipNetworkId) return
    if (connected) push(kit.context, { view: 'SwitchNetwork', data: { network } })
    else void kit.switchNetwork(network)
  }
  if (networks.length === 0) return <p className="muted">{t('networks.empty')}</p>
  return (
    <NetworkList networks={networks} active={active} onChoose={choose} activeLabel={t('networks.active')} />
  )
}

export function NetworkList(props: {
  networks: CaipNetwork[]
  active: CaipNetwork | undefined
  onChoose: (network: CaipNetwork) => void
  activeLabel: string
}) {
  return (
    <ul className="list" data-testid="network-list">
      {props.networks.map((n) => (
        <WalletRow
          key={n.caipNetworkId}
          name={n.name}
          icon={n.assets?.imageUrl}
          testId={`network-${n.caipNetworkId}`}
          tag={n.caipNetworkId === props.active?.caipNetworkId ? props.activeLabel : undefined}
          onSelect={() => props.onChoose(n)}
        />
      ))}
    </ul>
  )
}
