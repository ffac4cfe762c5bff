import type { Eip1193Provider } from '../types.js'

/** The EIP-5792 methods the modal answers itself before, or instead of, the wallet (walletCalls.ts). */
const walletCallMethods: ReadonlySet<string> = new Set([
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getCapabilities',
])

export type WalletCallsHandler = (
  provider: Eip1193Provider,
  method: string,
  params: unknown[],
) => Promise<unknown>

/**
 * The wallet's provider with its EIP-5792 requests going through `handle`, which loads on the first one, and
 * its `disconnect` replaced by `disconnect` when one is given; every other request and property is the
 * wallet's own (methods bound to it, so providers keeping private fields still work).
 */
export function withWalletCalls<P extends Eip1193Provider>(
  provider: P,
  handle: WalletCallsHandler,
  disconnect?: () => Promise<void>,
): P {
  const request: Eip1193Provider['request'] = (args) =>
    walletCallMethods.has(args.method)
      ? handle(provider, args.method, Array.isArray(args.params) ? args.params : [])
      : provider.request(args)
  return new Proxy(provider, {
    get(target, key) {
      if (key === 'request') return request
      if (key === 'disconnect' && disconnect) return disconnect
      const value: unknown = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
