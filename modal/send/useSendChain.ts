import { useMemo } from 'react'
import { useKit } from '../ui/kitContext.js'
import { useEvmWalletCall } from '../ui/useEvmWalletCall.js'
import { evmSendChain, type SendChain } from './sendChain.js'

/** The chain SendView sends on, rebuilt when the account, its network or the wallet holding it changes. */
export function useSendChain(): SendChain | undefined {
  const { kit } = useKit()
  const from = useEvmWalletCall()
  const adapter = kit.context.adapters.get('eip155')
  return useMemo(() => (from ? evmSendChain(adapter, from) : undefined), [adapter, from])
}
