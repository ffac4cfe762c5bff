import type { ChainAdapter } from '../types.js'
import { Eip155Adapter } from './eip155Adapter.js'

/** What an app that names no adapter connects through ("basic"): an eip155 adapter offering WalletConnect only. */
export function walletConnectOnlyAdapter(): ChainAdapter {
  return new Eip155Adapter({ enableInjected: false, enableEIP6963: false })
}
