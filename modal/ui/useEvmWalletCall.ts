import { useMemo } from 'react'
import type { WalletCall } from '../adapters/types.js'
import { connectionOf } from '../controllers/account.js'
import { useAppState } from './kitContext.js'

/**
 * Who a send or a swap asks: the active EVM account on the active network, through the wallet (connector)
 * now holding it; undefined with no EVM account active. With multi-wallet two wallets may hold one address,
 * and when the current one changes the views must ask the new one, not the one they opened with.
 */
export function useEvmWalletCall(): WalletCall | undefined {
  const evm = useAppState((s) => s.activeChain === 'eip155')
  const address = useAppState((s) => s.account.address)
  const network = useAppState((s) => s.activeNetwork)
  const connectorId = useAppState((s) => connectionOf(s, 'eip155')?.connectorId)
  return useMemo(
    () => (evm && address && network && connectorId ? { connectorId, address, network } : undefined),
    [evm, address, network, connectorId],
  )
}
