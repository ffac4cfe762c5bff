import { useAppKit, useAppKitAccount, useAppKitNetwork, useDisconnect } from '@pairwise/modal/react'
import { formatUnits } from 'viem'
import { useBalance, useConnection } from 'wagmi'
import { appName } from './pairwise/stack'

export function App() {
  const { open } = useAppKit()
  const { address, isConnected, status } = useAppKitAccount()
  const { caipNetwork } = useAppKitNetwork()
  const { disconnect } = useDisconnect()
  // wagmi's hooks see the same connection: the modal connects through wagmi.
  const connection = useConnection()
  const balance = useBalance({ address: connection.address })
  return (
    <main>
      <h1>{appName}</h1>
      <appkit-button />
      <appkit-network-button />
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="address">{address ?? ''}</dd>
        <dt>Network</dt>
        <dd data-testid="network">{caipNetwork?.name ?? ''}</dd>
        <dt>Balance (wagmi)</dt>
        <dd data-testid="balance">
          {balance.data
            ? `${formatUnits(balance.data.value, balance.data.decimals)} ${balance.data.symbol}`
            : ''}
        </dd>
      </dl>
      <button type="button" onClick={() => open({ view: 'Networks' })}>
        Networks
      </button>
      {isConnected && (
        <button type="button" onClick={() => disconnect()}>
          Disconnect
        </button>
      )}
    </main>
  )
}
