'use client'

import { useAppKit, useDisconnect } from '@pairwise/modal/react'
import { useConnection } from 'wagmi'

/**
 * The account as wagmi knows it: on the server from the cookie, so a returning visitor's address is in the
 * first HTML. The modal's own hooks (useAppKitAccount, useAppKitNetwork) read the browser's modal and have
 * nothing to say on the server: use them inside effects or after mount, not in the server-rendered markup.
 */
export function Account() {
  const { open } = useAppKit()
  const { disconnect } = useDisconnect()
  const { address, chainId, isConnected } = useConnection()
  return (
    <>
      <appkit-button />
      <appkit-network-button />
      <dl>
        <dt>Address</dt>
        <dd data-testid="address">{address ?? ''}</dd>
        <dt>Chain</dt>
        <dd data-testid="chain">{chainId ?? ''}</dd>
      </dl>
      <button type="button" onClick={() => open({ view: 'Networks' })}>
        Networks
      </button>
      {isConnected && (
        <button type="button" onClick={() => disconnect()}>
          Disconnect
        </button>
      )}
    </>
  )
}
