export { WagmiAdapter, type WagmiAdapterOptions } from './wagmiAdapter.js'
