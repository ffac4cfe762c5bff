import type { Page } from '@playwright/test'
import { type TestWallet, type WalletEvents, WalletRpcError } from './testWallet.js'

export const testWalletInfo = {
  name: 'Pairwise Test Wallet',
  rdns: 'dev.pairwise.testwallet',
  icon: `data:image/svg+xml;base64,${Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M9 11h14v10H9z" fill="none" stroke="#fff" stroke-width="2"/><circle cx="19" cy="16" r="1.8" fill="#fff"/></svg>',
  ).toString('base64')}`,
} as const

export type InjectOptions = {
  /** Announce through EIP-6963 (default true). */
  announce?: boolean
  /** Also set `window.ethereum` (default false). */
  injectWindowEthereum?: boolean
}

type BridgeReply = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/**
 * Page side of the test wallet. Runs in the page before any of its scripts (Playwright serialises it);
 * requests cross to Node through an exposed binding, events come back through `__pairwiseTestWallet.emit`.
 */
function pageScript({
  info,
  uuid,
  announce,
  injectWindowEthereum,
}: {
  info: typeof testWalletInfo
  uuid: string
  announce: boolean
  injectWindowEthereum: boolean
}) {
  type Listener = (...args: unknown[]) => void
  const listeners = new Map<string, Set<Listener>>()
  const bridge = (window as unknown as Record<string, (args: unknown) => Promise<BridgeReply>>)
    .__pairwiseTestWalletRequest!
  const provider = {
    isPairwiseTestWallet: true,
    async request(args: { method: string; params?: unknown }) {
      if (!args || typeof args.method !== 'string')
        throw Object.assign(new Error('Invalid request'), { code: -32600 })
      const reply = await bridge({ method: args.method, params: args.params })
      if ('error' in reply) throw Object.assign(new Error(reply.error.message), reply.error)
      return reply.result
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  Object.defineProperty(window, '__pairwiseTestWallet', {
    value: {
      emit(event: string, args: unknown[]) {
        for (const listener of listeners.get(event) ?? []) listener(...args)
      },
    },
  })
  if (injectWindowEthereum) Object.defineProperty(window, 'ethereum', { value: provider, configurable: true })
  if (announce) {
    const detail = Object.freeze({ info: Object.freeze({ uuid, ...info }), provider })
    const announceProvider = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announceProvider)
    announceProvider()
  }
}

/** Installs `wallet` into every page load of `page`. Call before `page.goto`. */
export async function injectTestWallet(
  page: Page,
  wallet: TestWallet,
  options: InjectOptions = {},
): Promise<void> {
  await page.exposeFunction(
    '__pairwiseTestWalletRequest',
    async (args: { method: string; params?: unknown[] }) => {
      try {
        return { result: (await wallet.request(args)) ?? null } satisfies BridgeReply
      } catch (error) {
        // Thrown errors lose their code crossing the binding, so the code travels as data.
        const { code, message, data } =
          error instanceof WalletRpcError ? error : { code: -32603, message: String(error), data: undefined }
        return { error: { code, message, data } } satisfies BridgeReply
      }
    },
  )
  const forward =
    <E extends keyof WalletEvents>(event: E) =>
    (...args: WalletEvents[E]) => {
      page
        .evaluate(
          ([name, payload]) =>
            (
              window as unknown as { __pairwiseTestWallet?: { emit(e: string, a: unknown[]): void } }
            ).__pairwiseTestWallet?.emit(name, payload),
          [event, args] as const,
        )
        .catch(() => {
          // The page navigated or closed; the next load reads state with eth_accounts / eth_chainId.
        })
    }
  for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const) {
    wallet.events.on(event, forward(event))
  }
  await page.addInitScript(pageScript, {
    info: testWalletInfo,
    uuid: crypto.randomUUID(),
    announce: options.announce ?? true,
    injectWindowEthereum: options.injectWindowEthereum ?? false,
  })
}
