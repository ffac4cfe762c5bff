import { useEffect, useMemo, useState } from 'react'
import type { Eip1193Provider } from '../adapters/types.js'
import type { ModalEvent } from '../controllers/events.js'
import type { OpenRequest } from '../controllers/modal.js'
import * as exposed from '../core/publicState.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import { initialAccount, type WalletInfo } from '../state/types.js'
import type { ViewName } from '../state/views.js'
import type { ThemeVariables } from '../theme/tokens.js'
import { useKitState, usePageKit } from './usePageKit.js'

export type UseAppKitAccountReturn = exposed.UseAppKitAccountReturn

export function useAppKit() {
  const kit = usePageKit()
  return {
    open: (options?: OpenRequest<ViewName>) => kit?.open(options) ?? Promise.resolve(),
    close: () => kit?.close() ?? Promise.resolve(),
  }
}

export function useAppKitAccount(options?: { namespace?: ChainNamespace }): UseAppKitAccountReturn {
  const kit = usePageKit()
  const source = useKitState(kit, (s) => ({
    account: s?.account,
    activeChain: s?.activeChain,
    connections: s?.connections,
    connectors: s?.connectors,
  }))
  const namespace = options?.namespace
  // The account is built here, not in the selector: its `allAccounts` is a new array on every build.
  return useMemo(() => {
    const { account, activeChain, connections, connectors } = source
    return exposed.publicAccount(
      {
        account: account ?? initialAccount,
        activeChain,
        connections: connections ?? {},
        connectors: connectors ?? [],
      },
      namespace,
    )
  }, [source, namespace])
}

export function useAppKitNetwork() {
  const kit = usePageKit()
  const active = useKitState(kit, (s) => (s ? exposed.publicNetwork(s) : noNetwork))
  return {
    ...active,
    switchNetwork: (network: CaipNetwork) => kit?.switchNetwork(network) ?? Promise.resolve(),
  }
}

export function useAppKitProvider<T = Eip1193Provider>(namespace: ChainNamespace) {
  const kit = usePageKit()
  const { connections, walletProviderType } = useKitState(kit, (s) => ({
    connections: s?.connections[namespace],
    // AppKit names the kind of connector here (INJECTED, WALLET_CONNECT, AUTH…), not which one it is.
    walletProviderType: s && exposed.providerType(s, namespace),
  }))
  const walletProvider = connections && kit?.getProvider(namespace)
  return { walletProvider: walletProvider as T | undefined, walletProviderType }
}

/** What the hook gives until the instance exists: the modal's default theme. */
const lightTheme: exposed.PublicTheme = { themeMode: 'light', themeVariables: {} }

export function useAppKitTheme() {
  const kit = usePageKit()
  const theme = useKitState(kit, (s) => (s ? exposed.publicTheme(s) : lightTheme))
  return {
    ...theme,
    setThemeMode: (mode: exposed.PublicTheme['themeMode']) => kit?.setThemeMode(mode),
    setThemeVariables: (variables: ThemeVariables) => kit?.setThemeVariables(variables),
  }
}

/** The connected wallet's name and icon, as AppKit 1.7's `useWalletInfo` gives them. */
export function useWalletInfo(): { walletInfo: WalletInfo | undefined } {
  const kit = usePageKit()
  return useKitState(kit, (s) => ({ walletInfo: s?.account.connectedWalletInfo }))
}

/** `fetchBalance` reloads the active account's native balance and resolves with it, never throwing. */
export function useAppKitBalance() {
  const kit = usePageKit()
  return {
    fetchBalance: (): Promise<exposed.FetchBalanceResult> =>
      kit?.fetchBalance() ?? Promise.resolve(exposed.noBalanceToFetch),
  }
}

const noNetwork: exposed.PublicNetwork = {
  caipNetwork: undefined,
  caipNetworkId: undefined,
  chainId: undefined,
}

const notInitialized: exposed.PublicState = {
  open: false,
  selectedNetworkId: undefined,
  activeChain: undefined,
  loading: false,
  initialized: false,
}

export function useAppKitState(): exposed.PublicState {
  const kit = usePageKit()
  return useKitState(kit, (s) => (s ? exposed.publicState(s) : notInitialized))
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
