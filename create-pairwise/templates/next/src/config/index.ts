import { WagmiAdapter } from '@pairwise/modal/wagmi'
import { cookieStorage, createStorage } from 'wagmi'
import { evmNetworks } from '../pairwise/networks'
import { projectId } from '../pairwise/stack'

/**
 * wagmi keeps its state in a cookie, so the server renders a returning visitor's connection (the layout
 * reads it with cookieToInitialState) and the first paint already shows the account.
 */
export const wagmiAdapter = new WagmiAdapter({
  storage: createStorage({ storage: cookieStorage }),
  ssr: true,
  projectId,
  networks: evmNetworks,
})
