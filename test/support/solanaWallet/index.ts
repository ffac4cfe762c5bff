import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { solanaTestKey } from '../../../services/solana/index.js'
import {
  type SolanaChain,
  type SolanaWalletCall,
  SolanaWalletHandler,
  type SolanaWalletPolicy,
} from './handler.js'
import { type SolanaPageWalletControls, solanaWalletPageScript } from './pageScript.js'

export type { SolanaBridgeReply, SolanaChain, SolanaWalletCall, SolanaWalletPolicy } from './handler.js'
export { SolanaWalletHandler }
export { createSignInMessageText, type SolanaSignInInput } from './signInMessage.js'
export { type SolanaKey, signWireTransaction } from './signTransaction.js'

export type SolanaTestWalletOptions = {
  /** e.g. 'Pairwise Test Solana'; two wallets in one page need two names for an app to tell them apart. */
  name: string
  /** A data: URI; default a small svg. */
  icon?: string
  /** solanaTestKey index, default 0. */
  key?: number
  /** RPC URL per chain the wallet supports; `wallet.chains` is these keys. */
  rpc: Partial<Record<SolanaChain, string>>
  /** 'load' (default): registered before the page's code on every load; 'later': only on `register()`. */
  registerAt?: 'load' | 'later'
}

export type SolanaTestWallet = {
  address: string
  /** Registers the wallet in the page's current document now. */
  register(): Promise<void>
  /** Calls the unregister function each app's `register` returned, and stops answering app-ready. */
  unregister(): Promise<void>
  /** 'reject' makes every prompt throw `{ code: 4001, message: 'User rejected the request.' }`. */
  setPolicy(policy: SolanaWalletPolicy): void
  /** What the page asked, in order; byte fields are base64 as they crossed the binding. */
  calls: SolanaWalletCall[]
}

export const defaultSolanaWalletIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#14f195"/><path d="M9 11h12l2-2H11zm0 6h14l-2 2H9zm2 6h12l-2 2H9z" fill="#1b1b3a"/></svg>',
).toString('base64')}`

/**
 * Installs a Solana Wallet Standard wallet into `page` (call before `page.goto`): the key stays in Node,
 * the page gets a script that forwards every feature call through its own binding, so several wallets
 * can live in one page.
 */
export async function installSolanaTestWallet(
  page: Page,
  options: SolanaTestWalletOptions,
): Promise<SolanaTestWallet> {
  const key = solanaTestKey(options.key ?? 0)
  const handler = new SolanaWalletHandler(key, options.rpc)
  const id = randomUUID().replaceAll('-', '')
  const binding = `__pairwiseSolanaWallet_${id}`
  await page.exposeBinding(binding, ({ frame }, call: unknown) =>
    handler.handle(call, new URL(frame.url()).origin),
  )
  await page.addInitScript(solanaWalletPageScript, {
    id,
    binding,
    name: options.name,
    icon: options.icon ?? defaultSolanaWalletIcon,
    chains: handler.chains,
    address: key.address,
    publicKey: Buffer.from(key.publicKey).toString('base64'),
    registerAtLoad: (options.registerAt ?? 'load') === 'load',
  })
  const control = (action: 'register' | 'unregister') =>
    page.evaluate(
      ([walletId, name]) =>
        (
          window as unknown as { __pairwiseSolanaTestWallets: SolanaPageWalletControls }
        ).__pairwiseSolanaTestWallets[walletId]![name](),
      [id, action] as const,
    )
  return {
    address: key.address,
    register: () => control('register'),
    unregister: () => control('unregister'),
    setPolicy: (policy) => handler.setPolicy(policy),
    calls: handler.calls,
  }
}
