import { useEffect, useState } from 'react'
import type { Eip1193Provider } from '../adapters/types.js'
import type { ModalEvent } from '../controllers/events.js'
import type { OpenRequest } from '../controllers/modal.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { ConnectionStatus } from '../state/types.js'
import type { ViewName } from '../state/views.js'
import { useKitState, usePageKit } from './usePageKit.js'

export function useAppKit() {
  const kit = usePageKit()
  return {
    open: (options?: OpenRequest<ViewName>) => kit?.open(options) ?? Promise.resolve(),
    close: () => kit?.close() ?? Promise.resolve(),
  }
}

export type UseAppKitAccountReturn = {
  address: string | undefined
  caipAddress: string | undefined
  isConnected: boolean
  status: ConnectionStatus
}

export function useAppKitAccount(): UseAppKitAccountReturn {
  const kit = usePageKit()
  return useKitState(kit, (s) => ({
    address: s?.account.address,
    caipAddress: s?.account.caipAddress,
    isConnected: Boolean(s?.account.address),
    status: s?.account.status ?? 'disconnected',
  }))
}

export function useAppKitNetwork() {
  const kit = usePageKit()
  const { caipNetwork } = useKitState(kit, (s) => ({ caipNetwork: s?.activeNetwork }))
  return {
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    switchNetwork: (network: CaipNetwork) => kit?.switchNetwork(network) ?? Promise.resolve(),
  }
}

export function useAppKitProvider<T = Eip1193Provider>(namespace: ChainNamespace) {
  const kit = usePageKit()
  const { connections } = useKitState(kit, (s) => ({ connections: s?.connections[namespace] }))
  const walletProvider = connections && kit?.getProvider(namespace)
  return {
    walletProvider: walletProvider as T | undefined,
    walletProviderType: connections?.connections[connections.current ?? -1]?.connectorId,
  }
}

export function useAppKitState() {
  const kit = usePageKit()
  return useKitState(kit, (s) => ({
    open: s?.open ?? false,
    selectedNetworkId: s?.activeNetwork?.caipNetworkId,
    activeChain: s?.activeChain,
    loading: Boolean(s && Object.values(s.loading).some(Boolean)),
    initialized: Boolean(s),
  }))
}

export function useAppKitEvents(): ModalEvent | undefined {
  const kit = usePageKit()
  const [event, setEvent] = useState<ModalEvent | undefined>(() => kit?.getEvent())
  useEffect(() => kit?.subscribeEvents(setEvent), [kit])
  return event
}

export function useDisconnect() {
  const kit = usePageKit()
  return {
    disconnect: (options?: { namespace?: ChainNamespace }) =>
      kit?.disconnect(options?.namespace) ?? Promise.resolve(),
  }
}
