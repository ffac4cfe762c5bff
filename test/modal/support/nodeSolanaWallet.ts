import { randomUUID } from 'node:crypto'
import { solanaTestKey } from '../../../services/solana/index.js'
import {
  defaultSolanaWalletIcon,
  type SolanaChain,
  SolanaWalletHandler,
  type SolanaWalletPolicy,
} from '../../support/solanaWallet/index.js'
import {
  type SolanaPageWalletControls,
  solanaWalletPageScript,
} from '../../support/solanaWallet/pageScript.js'

/**
 * The e2e Solana test wallet in Node: its page script runs against `page` (the test's stand-in for `window`,
 * installed as the global `window` by the caller), its key in the same process. So the adapter's unit tests
 * meet the very wallet object the browser tests do.
 */
export function installNodeSolanaWallet(
  page: EventTarget & Record<string, unknown>,
  options: {
    name: string
    key?: number
    rpc: Partial<Record<SolanaChain, string>>
    origin?: string
    /** The icon the wallet registers with: the test wallet's own by default. */
    icon?: string
  },
) {
  const key = solanaTestKey(options.key ?? 0)
  const handler = new SolanaWalletHandler(key, options.rpc)
  const id = randomUUID().replaceAll('-', '')
  const binding = `__pairwiseSolanaWallet_${id}`
  page[binding] = (call: unknown) => handler.handle(call, options.origin ?? 'http://127.0.0.1')
  solanaWalletPageScript({
    id,
    binding,
    name: options.name,
    icon: options.icon ?? defaultSolanaWalletIcon,
    chains: handler.chains,
    address: key.address,
    publicKey: Buffer.from(key.publicKey).toString('base64'),
    registerAtLoad: true,
  })
  const controls = () =>
    (page.__pairwiseSolanaTestWallets as SolanaPageWalletControls)[id] ??
    (() => {
      throw new Error('the wallet script did not install its controls')
    })()
  return {
    address: key.address,
    publicKey: key.publicKey,
    register: () => controls().register(),
    unregister: () => controls().unregister(),
    setPolicy: (policy: SolanaWalletPolicy) => handler.setPolicy(policy),
    calls: handler.calls,
  }
}
