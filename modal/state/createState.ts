import type { CaipNetwork } from '../networks/types.js'
import { bundledWallets } from '../wallets/bundled.js'
import { createStore, type Store } from './store.js'
import { type AppState, type Features, initialAccount, type Theme } from './types.js'

export type AppStore = Store<AppState>

export function createAppStore(
  networks: CaipNetwork[],
  defaultNetwork: CaipNetwork | undefined,
  theme: Theme,
  features: Features,
): AppStore {
  const active = defaultNetwork ?? networks[0]
  return createStore<AppState>({
    theme,
    open: false,
    loading: {},
    shake: false,
    router: { view: 'Connect', history: [] },
    activeChain: active?.chainNamespace,
    activeNetwork: active,
    networks,
    connections: {},
    account: initialAccount,
    connectors: [],
    wallets: bundledWallets,
    alerts: [],
    features,
  })
}
