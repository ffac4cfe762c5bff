import * as z from 'zod/mini'
import { formatRequest, payloadId } from '../jsonrpc/index.js'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'

/** `register` while the `test` ping is out, `open` once the url answered, `closed` before and after. */
export type HttpRpcState = 'closed' | 'register' | 'open'

/**
 * Listeners one connection takes per state event, as the official HTTP connection's emitter allows
 * (EVENT_EMITTER_MAX_LISTENERS_DEFAULT, 10). More is a leak: each `on` without its `off` adds one.
 */
export const HTTP_RPC_MAX_LISTENERS = 10

export type HttpRpcConnectionOptions = {
  url: string
  /** Told of every state change, in order. */
  onStateChange?: (state: HttpRpcState) => void
}

const ResponseSchema = z.object({
  result: z.optional(z.unknown()),
  error: z.optional(z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })),
})

/**
 * JSON-RPC over HTTP POST to one chain's RPC url. Before its first call it registers: a ping with method
 * `test`, as the official HTTP connection sends, so an unreachable url fails once and clearly instead of
 * mid-request. Any HTTP answer counts, since nodes answer an unknown method with a JSON-RPC error.
 */
export class HttpRpcConnection {
  readonly url: string
  readonly #onStateChange: ((state: HttpRpcState) => void) | undefined
  #state: HttpRpcState = 'closed'
  #registering: Promise<void> | undefined
  readonly #listeners = new Map<HttpRpcState, Set<() => void>>()

  constructor(options: HttpRpcConnectionOptions) {
    this.url = options.url
    this.#onStateChange = options.onStateChange
  }

  get state(): HttpRpcState {
    return this.#state
  }

  async open(): Promise<void> {
    if (this.#state === 'open') return
    this.#registering ??= this.#register().finally(() => {
      this.#registering = undefined
    })
    await this.#registering
  }

  async request<T>(method: string, params: unknown): Promise<T> {
    await this.open()
    const response = await this.#post(method, params)
    const parsed = ResponseSchema.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success)
      throw new ProviderRpcError(
        ProviderErrorCode.internal,
        `${this.url} answered ${method} with no JSON-RPC`,
      )
    const { result, error } = parsed.data
    if (error !== undefined) throw new ProviderRpcError(error.code, error.message, error.data)
    return result as T
  }

  close(): void {
    this.#setState('closed')
  }

  /**
   * Calls `listener` each time the connection enters `state`. A state takes at most
   * HTTP_RPC_MAX_LISTENERS listeners; one more throws.
   */
  on(state: HttpRpcState, listener: () => void): this {
    const listeners = this.#listeners.get(state) ?? new Set()
    if (!listeners.has(listener) && listeners.size >= HTTP_RPC_MAX_LISTENERS)
      throw new ProviderRpcError(
        ProviderErrorCode.internal,
        `HttpRpcConnection: at most ${HTTP_RPC_MAX_LISTENERS} listeners for '${state}'; remove one with off() first`,
      )
    listeners.add(listener)
    this.#listeners.set(state, listeners)
    return this
  }

  off(state: HttpRpcState, listener: () => void): this {
    this.#listeners.get(state)?.delete(listener)
    return this
  }

  async #register(): Promise<void> {
    this.#setState('register')
    try {
      await this.#post('test', [])
    } catch (error) {
      this.#setState('closed')
      throw new ProviderRpcError(
        ProviderErrorCode.chainDisconnected,
        `The RPC url ${this.url} is unreachable: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    this.#setState('open')
  }

  #post(method: string, params: unknown): Promise<Response> {
    return fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(formatRequest(method, params, payloadId())),
    })
  }

  #setState(state: HttpRpcState): void {
    if (state === this.#state) return
    this.#state = state
    this.#onStateChange?.(state)
    for (const listener of [...(this.#listeners.get(state) ?? [])]) listener()
  }
}
