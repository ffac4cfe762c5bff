import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  type BitcoinWalletCall,
  type BitcoinWalletFamily,
  BitcoinWalletHandler,
  type BitcoinWalletPolicy,
} from './handler.js'
import type { TestAccount, TestWalletChain } from './keys.js'
import { bitcoinWalletPageScript } from './pageScript.js'

export type {
  BitcoinBridgeReply,
  BitcoinWalletCall,
  BitcoinWalletFamily,
  BitcoinWalletPolicy,
} from './handler.js'
export { BitcoinWalletHandler }
export {
  bitcoinTestAccounts,
  connectedAccounts,
  esploraBalance,
  freshAddress,
  signBip137,
  signBip322Simple,
  type TestAccount,
  type TestWalletChain,
} from './keys.js'
export { type BitcoinPageScope, type BitcoinPageWalletConfig, bitcoinWalletPageScript } from './pageScript.js'

export type BitcoinTestWalletOptions = {
  family: BitcoinWalletFamily
  /** Two wallets in one page need two names. */
  name: string
  /** Which fixed seed its keys come from; two wallets with one seed share their accounts. */
  seed: string
  /** Esplora API base per network the wallet may be on. */
  esplora: Partial<Record<TestWalletChain, string>>
  icon?: string
}

export type BitcoinTestWallet = {
  /** Payment (p2wpkh) then ordinal (p2tr), on the network the wallet is on. */
  readonly accounts: TestAccount[]
  setPolicy(policy: BitcoinWalletPolicy): void
  /** What the page asked, in order; byte fields are base64 as they crossed the binding. */
  calls: BitcoinWalletCall[]
}

export const defaultBitcoinWalletIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M12 8h6a4 4 0 0 1 0 8h-6zm0 8h7a4 4 0 0 1 0 8h-7z" fill="none" stroke="#fff" stroke-width="2"/></svg>',
).toString('base64')}`

/**
 * Installs a Bitcoin test wallet into `page` (call before `page.goto`): the keys stay in Node, the page
 * gets a script that forwards every call through its own binding, so several wallets can live in one page.
 */
export async function installBitcoinTestWallet(
  page: Page,
  options: BitcoinTestWalletOptions,
): Promise<BitcoinTestWallet> {
  const handler = new BitcoinWalletHandler(options.family, options.seed, options.esplora)
  const id = randomUUID().replaceAll('-', '')
  const binding = `__pairwiseBitcoinWallet_${id}`
  await page.exposeBinding(binding, ({ frame }, call: unknown) =>
    handler.handle(call, new URL(frame.url()).origin),
  )
  await page.addInitScript(bitcoinWalletPageScript, {
    id,
    binding,
    family: options.family,
    name: options.name,
    icon: options.icon ?? defaultBitcoinWalletIcon,
  })
  return {
    get accounts() {
      return handler.accounts
    },
    setPolicy: (policy) => handler.setPolicy(policy),
    calls: handler.calls,
  }
}
