import { Emitter } from '@pairwise/common'
import { disallowedMethodDelayMs, frameErrorCodes, frameMethodKind } from '@pairwise/engine/frame'
import type { Eip1193Provider } from '../adapters/eip1193Provider.js'
import type { Clock } from '../core/ports.js'
import { chainIdHex } from '../networks/chainIdHex.js'
import type { FrameChainId, FrameClient } from './frameClient.js'
import { FrameError, frameErrorTexts } from './frameError.js'

export type FrameProviderOptions = {
  client: FrameClient
  clock: Clock
  /** The chain requests go to: the account's active chain. */
  chainId(): FrameChainId
  /** FRAME-07: the RPC the frame should use for a chain, when the app configured one. */
  rpcUrlFor(chainId: FrameChainId): string | undefined
  /** OPEN-14: an unsafe method is about to be sent; the modal opens ApproveTransaction and shows the frame. */
  onApprovalNeeded(method: string): void
  /** The unsafe request ended (approved, rejected, failed or aborted): the modal hides the frame again. */
  onApprovalSettled(method: string): void
  /** ERR-24: a method outside the whitelist was asked; called `disallowedMethodDelayMs` after the request. */
  onDisallowed(method: string): void
}

type ProviderEvents = {
  accountsChanged: string[]
  chainChanged: string
  disconnect: FrameError
}

export type FrameRequestArgs = { method: string; params?: unknown; signal?: AbortSignal }

export type FrameProvider = Omit<Eip1193Provider, 'request'> & {
  request(args: FrameRequestArgs): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): FrameProvider
  removeListener(event: string, listener: (...args: never[]) => void): FrameProvider
  /** Aborts every request still open (the modal closed): RPC_ABORT goes to the frame for those it has. */
  abortPending(): void
}

const switchChainParams = (params: unknown): string | undefined => {
  const first = Array.isArray(params) ? params[0] : undefined
  const chainId =
    typeof first === 'object' && first !== null ? (first as { chainId?: unknown }).chainId : undefined
  return typeof chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(chainId) ? chainId : undefined
}

/** The embedded wallet as an EIP-1193 provider: the adapter's connector talks to this. */
export function createFrameProvider(options: FrameProviderOptions): FrameProvider {
  const { client, clock } = options
  const emitter = new Emitter<ProviderEvents>((error) =>
    queueMicrotask(() => {
      throw error
    }),
  )
  const open = new Set<AbortController>()

  client.onAccountChanged((address) => emitter.emit('accountsChanged', [address]))
  client.onSignedOut(() => {
    emitter.emit('accountsChanged', [])
    emitter.emit(
      'disconnect',
      new FrameError(frameErrorTexts.notConnected, { code: frameErrorCodes.disconnected }),
    )
  })

  const refuse = (method: string): Promise<never> =>
    new Promise((_, reject) => {
      // ERR-24: never sooner, so a page cannot probe the list faster than a person could see the alert.
      clock.setTimeout(() => {
        options.onDisallowed(method)
        reject(new FrameError(frameErrorTexts.notAllowed, { code: frameErrorCodes.unsupportedMethod }))
      }, disallowedMethodDelayMs)
    })

  const switchChain = async (params: unknown): Promise<null> => {
    const hex = switchChainParams(params)
    if (hex === undefined) throw new FrameError('Invalid chainId', { code: frameErrorCodes.invalidParams })
    const target = Number.parseInt(hex, 16)
    const switched = await client.switchNetwork(target, options.rpcUrlFor(target))
    emitter.emit('chainChanged', chainIdHex(switched) ?? hex)
    return null
  }

  const send = async (method: string, params: unknown, signal: AbortSignal): Promise<unknown> => {
    const chainId = options.chainId()
    const rpcUrl = options.rpcUrlFor(chainId)
    return client.rpcRequest(
      { method, params, chainId, ...(rpcUrl === undefined ? {} : { rpcUrl }) },
      { signal },
    )
  }

  const request: FrameProvider['request'] = async ({ method, params, signal }) => {
    if (method === 'wallet_switchEthereumChain') return switchChain(params)
    const kind = frameMethodKind(method)
    if (kind === 'refused') return refuse(method)
    const controller = new AbortController()
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    if (signal?.aborted) controller.abort()
    open.add(controller)
    try {
      if (kind === 'safe') return await send(method, params, controller.signal)
      options.onApprovalNeeded(method)
      try {
        return await send(method, params, controller.signal)
      } finally {
        options.onApprovalSettled(method)
      }
    } finally {
      open.delete(controller)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  const provider: FrameProvider = {
    request,
    on(event, listener) {
      emitter.on(event as keyof ProviderEvents, listener as (payload: unknown) => void)
      return provider
    },
    removeListener(event, listener) {
      emitter.off(event as keyof ProviderEvents, listener as (payload: unknown) => void)
      return provider
    },
    abortPending() {
      for (const controller of [...open]) controller.abort()
    },
  }
  return provider
}
