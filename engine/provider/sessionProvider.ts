import type { SignClient } from '../client.js'
import { TypedEmitter } from '../emitter.js'
import { SignClientError } from '../errors.js'
import { chainOfAccount, parseAccountId, parseChainId } from '../namespaces/index.js'
import type { Session } from '../schemas/index.js'
import type { SignClientEvents } from '../types.js'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'
import type { Eip1193Provider, ProviderEvents, RequestArguments } from './types.js'

export type SessionProviderOptions = {
  client: SignClient
  /** The session to speak over. */
  topic: string
  /** CAIP-2 chain to start on; the session's first eip155 chain by default. */
  chainId?: string
  /** HTTP JSON-RPC endpoints by CAIP-2 chain, for the reads no wallet needs to see (eth_call, …). */
  rpcMap?: Record<string, string>
}

const toHexChainId = (caip2: string): string => `0x${BigInt(caip2.split(':')[1] ?? '0').toString(16)}`

function fromHexChainId(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  try {
    return `eip155:${BigInt(value).toString(10)}`
  } catch {
    return undefined
  }
}

/**
 * An EIP-1193 provider over one WalletConnect session, for viem, wagmi or any EIP-1193 consumer. Methods
 * the session grants on the current chain go to the wallet; account and chain queries are answered from
 * the session; other reads go to `rpcMap` over HTTP. Session events become `chainChanged` /
 * `accountsChanged`, and the end of the session `disconnect`.
 */
export class SessionProvider implements Eip1193Provider {
  readonly #client: SignClient
  readonly #topic: string
  readonly #rpcMap: Record<string, string>
  readonly #events: TypedEmitter<ProviderEvents>
  readonly #detach: (() => void)[] = []
  #chainId: string
  #connected = true

  constructor(options: SessionProviderOptions) {
    this.#client = options.client
    this.#topic = options.topic
    this.#rpcMap = options.rpcMap ?? {}
    this.#events = new TypedEmitter(() => {})
    const chains = this.#eip155Chains()
    const start = options.chainId ?? chains[0]
    if (start === undefined || !chains.includes(start)) {
      throw new ProviderRpcError(ProviderErrorCode.unrecognizedChain, `Chain ${start} is not in the session`)
    }
    this.#chainId = start
    this.#listen()
  }

  /** The current chain as CAIP-2. */
  get chainId(): string {
    return this.#chainId
  }

  get session(): Session {
    return this.#client.session.get(this.#topic)
  }

  on<Name extends keyof ProviderEvents>(
    event: Name,
    listener: (payload: ProviderEvents[Name]) => void,
  ): this {
    this.#events.on(event, listener)
    return this
  }

  removeListener<Name extends keyof ProviderEvents>(
    event: Name,
    listener: (payload: ProviderEvents[Name]) => void,
  ): this {
    this.#events.off(event, listener)
    return this
  }

  async request<T = unknown>(args: RequestArguments): Promise<T> {
    if (!this.#connected) throw new ProviderRpcError(ProviderErrorCode.disconnected, 'The session has ended')
    const params = Array.isArray(args.params) ? args.params : args.params === undefined ? [] : [args.params]
    switch (args.method) {
      case 'eth_chainId':
        return toHexChainId(this.#chainId) as T
      case 'net_version':
        return (this.#chainId.split(':')[1] ?? '') as T
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return this.#accounts() as T
      case 'wallet_switchEthereumChain':
        return (await this.#switchChain(params[0])) as T
    }
    const { namespaces } = this.session
    const granted = Object.values(namespaces).some(
      (namespace) =>
        namespace.methods.includes(args.method) &&
        namespace.accounts.some((account) => chainOfAccount(account) === this.#chainId),
    )
    if (granted) return this.#forward<T>(args.method, args.params ?? [])
    const rpcUrl = this.#rpcMap[this.#chainId]
    if (rpcUrl !== undefined) return this.#httpRequest<T>(rpcUrl, args.method, args.params ?? [])
    throw new ProviderRpcError(
      ProviderErrorCode.unsupportedMethod,
      `Method ${args.method} is not supported by the session`,
    )
  }

  /** Ends the session with the wallet. */
  async disconnect(): Promise<void> {
    if (!this.#connected) return
    await this.#client.disconnect({ topic: this.#topic })
    this.#end()
  }

  #eip155Chains(): string[] {
    const chains = this.session.namespaces.eip155?.accounts.map(chainOfAccount) ?? []
    return [...new Set(chains)]
  }

  #accounts(): string[] {
    const accounts = Object.values(this.session.namespaces).flatMap((namespace) => namespace.accounts)
    const addresses = accounts
      .map(parseAccountId)
      .filter((account) => account !== undefined && account.chainId === this.#chainId)
      .map((account) => account?.address as string)
    return [...new Set(addresses)]
  }

  async #switchChain(param: unknown): Promise<null> {
    const target = fromHexChainId((param as { chainId?: unknown } | undefined)?.chainId)
    if (target === undefined)
      throw new ProviderRpcError(
        ProviderErrorCode.invalidParams,
        'wallet_switchEthereumChain needs a chainId',
      )
    if (target === this.#chainId) return null
    if (this.#eip155Chains().includes(target)) {
      this.#setChain(target)
      return null
    }
    if (this.session.namespaces.eip155?.methods.includes('wallet_switchEthereumChain')) {
      await this.#forward('wallet_switchEthereumChain', [param])
      return null
    }
    throw new ProviderRpcError(
      ProviderErrorCode.unrecognizedChain,
      `Chain ${target} is not approved in the session`,
    )
  }

  #setChain(chainId: string): void {
    if (chainId === this.#chainId) return
    this.#chainId = chainId
    this.#events.emit('chainChanged', toHexChainId(chainId))
  }

  async #forward<T>(method: string, params: unknown): Promise<T> {
    try {
      return await this.#client.request<T>({
        topic: this.#topic,
        chainId: this.#chainId,
        request: { method, params },
      })
    } catch (error) {
      if (error instanceof SignClientError) throw new ProviderRpcError(error.code, error.message, error.data)
      throw error
    }
  }

  async #httpRequest<T>(url: string, method: string, params: unknown): Promise<T> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }),
    })
    const body = (await response.json()) as {
      result?: T
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result as T
  }

  #listen(): void {
    const onEvent = ({ topic, params }: SignClientEvents['session_event']): void => {
      if (topic !== this.#topic) return
      const { name, data } = params.event
      if (name === 'chainChanged') {
        const chain = fromHexChainId(data) ?? (parseChainId(params.chainId) ? params.chainId : undefined)
        if (chain !== undefined && this.#eip155Chains().includes(chain)) this.#setChain(chain)
      } else if (name === 'accountsChanged' && Array.isArray(data)) {
        this.#events.emit(
          'accountsChanged',
          data.map((entry) => parseAccountId(entry)?.address ?? String(entry)),
        )
      } else {
        this.#events.emit('message', { type: name, data })
      }
    }
    const onUpdate = ({ topic }: SignClientEvents['session_update']): void => {
      if (topic !== this.#topic) return
      if (!this.#eip155Chains().includes(this.#chainId)) {
        const next = this.#eip155Chains()[0]
        if (next !== undefined) this.#setChain(next)
      }
      this.#events.emit('accountsChanged', this.#accounts())
    }
    const onEnd = ({ topic }: { topic: string }): void => {
      if (topic === this.#topic) this.#end()
    }
    this.#client.on('session_event', onEvent)
    this.#client.on('session_update', onUpdate)
    this.#client.on('session_delete', onEnd)
    this.#client.on('session_expire', onEnd)
    this.#detach.push(
      () => this.#client.off('session_event', onEvent),
      () => this.#client.off('session_update', onUpdate),
      () => this.#client.off('session_delete', onEnd),
      () => this.#client.off('session_expire', onEnd),
    )
  }

  #end(): void {
    if (!this.#connected) return
    this.#connected = false
    for (const detach of this.#detach.splice(0)) detach()
    this.#events.emit(
      'disconnect',
      new ProviderRpcError(ProviderErrorCode.disconnected, 'The session has ended'),
    )
  }
}
