import { numberToHex } from 'viem'
import type { Eip1193Provider } from '../../../modal/adapters/types.js'
import { WalletRpcError, walletErrorCodes } from '../../support/testWallet.js'

type Listener = (...args: never[]) => void
type Handler = (params: unknown) => unknown

export type FakeProviderOptions = {
  accounts: string[]
  chainId: number
  /** Chains the wallet already knows; switching to any other fails with `unknownChainError`. */
  chains?: number[]
  /** What a switch to an unknown chain fails with (MetaMask: 4902; some wallets 32603, -32603 or 5000). */
  unknownChainError?: { code: number; message: string }
  /** Whether adding a chain also switches to it, as MetaMask does (default true). */
  switchAfterAdd?: boolean
}

/**
 * A small EIP-1193 wallet: it grants accounts on eth_requestAccounts, knows a set of chains, switches and
 * adds chains and emits events as browser wallets do. `override` replaces one method's behaviour (a
 * rejection, a hang) and every request is recorded in `calls`.
 */
export class FakeProvider implements Eip1193Provider {
  readonly calls: { method: string; params: unknown }[] = []
  accounts: string[]
  chainId: number
  readonly chains: Set<number>
  granted = false
  readonly #listeners = new Map<string, Set<Listener>>()
  readonly #overrides = new Map<string, Handler>()
  readonly #unknownChainError: { code: number; message: string }
  readonly #switchAfterAdd: boolean

  constructor(options: FakeProviderOptions) {
    this.accounts = [...options.accounts]
    this.chainId = options.chainId
    this.chains = new Set([options.chainId, ...(options.chains ?? [])])
    this.#unknownChainError = options.unknownChainError ?? {
      code: walletErrorCodes.unrecognizedChain,
      message: 'Unrecognized chain ID.',
    }
    this.#switchAfterAdd = options.switchAfterAdd ?? true
  }

  /** Replaces how `method` is answered; the handler may throw, return a value or a promise. */
  override(method: string, handler: Handler): void {
    this.#overrides.set(method, handler)
  }

  /** Makes the next `method` wait until the returned `release` is called with its answer (or an error). */
  hold(method: string): { release(answer?: { error: unknown }): void } {
    let release: (answer?: { error: unknown }) => void = () => {}
    const gate = new Promise<{ error: unknown } | undefined>((resolve) => {
      release = resolve
    })
    this.override(method, async (params) => {
      this.#overrides.delete(method)
      const answer = await gate
      if (answer) throw answer.error
      return this.#answer(method, params)
    })
    return { release: (answer) => release(answer) }
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.calls.push({ method, params })
    const override = this.#overrides.get(method)
    return override ? override(params) : this.#answer(method, params)
  }

  methods(): string[] {
    return this.calls.map((c) => c.method)
  }

  on(event: string, listener: Listener): this {
    const set = this.#listeners.get(event) ?? new Set()
    set.add(listener)
    this.#listeners.set(event, set)
    return this
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }

  listenerCount(event: string): number {
    return this.#listeners.get(event)?.size ?? 0
  }

  /** The visitor picks another account in the wallet. */
  selectAccount(address: string): void {
    this.accounts = [address, ...this.accounts.filter((a) => a !== address)]
    if (this.granted) this.emit('accountsChanged', this.accounts)
  }

  /** The visitor switches network in the wallet (to a chain the app may not know). */
  selectChain(chainId: number): void {
    this.chains.add(chainId)
    this.#setChain(chainId)
  }

  /** The visitor disconnects the site in the wallet. */
  revokeFromWallet(): void {
    this.granted = false
    this.emit('accountsChanged', [])
  }

  #answer(method: string, params: unknown): unknown {
    switch (method) {
      case 'eth_requestAccounts':
        this.granted = true
        return [...this.accounts]
      case 'eth_accounts':
        return this.granted ? [...this.accounts] : []
      case 'eth_chainId':
        return numberToHex(this.chainId)
      case 'wallet_switchEthereumChain': {
        const chainId = Number(firstParam(params).chainId)
        if (!this.chains.has(chainId))
          throw new WalletRpcError(this.#unknownChainError.code, this.#unknownChainError.message)
        this.#setChain(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chainId = Number(firstParam(params).chainId)
        this.chains.add(chainId)
        if (this.#switchAfterAdd) this.#setChain(chainId)
        return null
      }
      case 'wallet_revokePermissions':
        this.granted = false
        return null
      default:
        throw new WalletRpcError(walletErrorCodes.unsupportedMethod, `The method ${method} is not supported.`)
    }
  }

  #setChain(chainId: number): void {
    if (chainId === this.chainId) return
    this.chainId = chainId
    this.emit('chainChanged', numberToHex(chainId))
  }

  /** Sends `event` to the listeners as the wallet would, whatever its arguments: a test can send what no good wallet would. */
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])])
      (listener as (...a: unknown[]) => void)(...args)
  }
}

function firstParam(params: unknown): { chainId?: unknown } {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  if (typeof first !== 'object' || first === null)
    throw new WalletRpcError(walletErrorCodes.invalidParams, 'Expected [{ chainId }]')
  return first as { chainId?: unknown }
}

export { WalletRpcError, walletErrorCodes }
