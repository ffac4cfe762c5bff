import { useMemo } from 'react'
import { connectionOf } from '../controllers/account.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { evmSendChain, type SendChain } from './sendChain.js'

/**
 * The chain SendView sends on: the active EVM account on the active network, through the wallet (connector)
 * holding it. Rebuilt when any of them changes; with multi-wallet, two wallets may hold the same address, and
 * a send must ask the one now current, not the one the view opened with.
 */
export function useSendChain(): SendChain | undefined {
  const { kit } = useKit()
  const evm = useAppState((s) => s.activeChain === 'eip155')
  const address = useAppState((s) => s.account.address)
  const network = useAppState((s) => s.activeNetwork)
  const connectorId = useAppState((s) => connectionOf(s, 'eip155')?.connectorId)
  const adapter = kit.context.adapters.get('eip155')
  return useMemo(
    () =>
      evm && address && network && connectorId
        ? evmSendChain(adapter, { connectorId, address, network })
        : undefined,
    [adapter, evm, address, network, connectorId],
  )
}
