import { explainIssue, safeParseExplained } from '@pairwise/common'
import {
  type dappDataSchema,
  emailThrottleMs,
  type FrameRequest,
  type FrameSuccess,
  type FrameUser,
  frameErrorCodes,
  frameEvents,
  signOutWaitMs,
  themeSyncSchema,
} from '@pairwise/engine/frame'
import * as z from 'zod/mini'
import type { Clock } from '../core/ports.js'
import { chainIdHex } from '../networks/chainIdHex.js'
import type { AccountType, FrameCache } from './frameCache.js'
import type { FrameChannel, FrameRequestOptions } from './frameChannel.js'
import { FrameError } from './frameError.js'

export type DappData = z.input<typeof dappDataSchema>
export type ThemeSync = z.input<typeof themeSyncSchema>
export type FrameChainId = number | string
export type RpcRequest = { method: string; params?: unknown; chainId: FrameChainId; rpcUrl?: string }

export type FrameClientOptions = {
  channel: FrameChannel
  cache: FrameCache
  clock: Clock
  now(): number
  /** ENT-16: sent with SYNC_DAPP_DATA each time the frame starts (FRAME-12). */
  dappData: DappData
  theme?: ThemeSync
}

/**
 * EMAIL-01: the wire's own schema judges the email, and its check names what failed ('Invalid email', as
 * AppKit's schema says it), not the regular expression behind it.
 */
function checkEmail(email: string): void {
  const checked = z.safeParse(
    frameEvents.CONNECT_EMAIL[0],
    { email },
    { error: (issue) => (issue.code === 'invalid_format' ? `Invalid ${issue.format}` : explainIssue(issue)) },
  )
  if (!checked.success) {
    throw new FrameError(checked.error.issues[0]?.message ?? 'Invalid email', {
      code: frameErrorCodes.invalidParams,
    })
  }
}

/**
 * The typed API the modal uses for the embedded wallet, over the channel, with the host-side cache. Only
 * the login calls put the frame on the page (FRAME-01); the others need a frame that is already there.
 */
export class FrameClient {
  readonly #options: FrameClientOptions
  readonly #signedOutListeners = new Set<() => void>()
  readonly #accountListeners = new Set<(address: string) => void>()
  readonly #rpcResultListeners = new Set<(method: string, result: unknown) => void>()
  #dappData: DappData
  #theme: ThemeSync | undefined
  /** The email the frame last accepted a login for, recorded as the cache's login email once its code is. */
  #loginEmail: string | undefined

  constructor(options: FrameClientOptions) {
    this.#options = options
    this.#dappData = options.dappData
    this.#theme = options.theme
    options.channel.onReady(() => this.#syncOnStart())
    options.channel.onSignedOut(() => this.#signedOut())
  }

  get cache(): FrameCache {
    return this.#options.cache
  }

  /** Puts the frame on the page now (the start-up sync when a login was used before). */
  start(): void {
    this.#options.channel.start()
  }

  get started(): boolean {
    return this.#options.channel.started
  }

  /**
   * EMAIL-01 and EMAIL-10 are checked here, before the frame is touched. The 30 s wait starts only once the
   * frame accepted the request: a refused or failed try mailed nothing, so it must not lock the user out, and
   * a refusal already carries the server's own wait ('Please try again after {n} seconds'), shown as is.
   */
  async connectEmail(payload: FrameRequest<'CONNECT_EMAIL'>): Promise<FrameSuccess<'CONNECT_EMAIL'>> {
    checkEmail(payload.email)
    const { cache, now } = this.#options
    const last = cache.lastEmailLoginTime()
    const waited = last === undefined ? emailThrottleMs : now() - last
    if (waited >= 0 && waited < emailThrottleMs) {
      const seconds = Math.ceil((emailThrottleMs - waited) / 1000)
      throw new FrameError(`Please try again after ${seconds} seconds`)
    }
    this.start()
    const answer = await this.#options.channel.request('CONNECT_EMAIL', payload)
    // Only now: a refused try (another email) leaves the code under way for the email it went to.
    this.#loginEmail = payload.email
    cache.setLastEmailLoginTime(now())
    if (answer.action === 'CONNECT') cache.setLogin(payload.email)
    return answer
  }

  connectDevice(): Promise<FrameSuccess<'CONNECT_DEVICE'>> {
    return this.#options.channel.request('CONNECT_DEVICE', {})
  }

  async connectOtp(payload: FrameRequest<'CONNECT_OTP'> = {}): Promise<FrameSuccess<'CONNECT_OTP'>> {
    const answer = await this.#options.channel.request('CONNECT_OTP', payload)
    this.#options.cache.setLogin(this.#loginEmail)
    return answer
  }

  /** SOC-03: the provider's authorize URL, for a login the frame (its device key) will redeem. */
  getSocialRedirectUri(
    payload: FrameRequest<'GET_SOCIAL_REDIRECT_URI'>,
  ): Promise<FrameSuccess<'GET_SOCIAL_REDIRECT_URI'>> {
    this.start()
    return this.#options.channel.request('GET_SOCIAL_REDIRECT_URI', payload)
  }

  /** SOC-04: the ticket the provider's callback handed back; the frame redeems it and answers the user. */
  async connectSocial(payload: FrameRequest<'CONNECT_SOCIAL'>): Promise<FrameSuccess<'CONNECT_SOCIAL'>> {
    this.start()
    const user = await this.#options.channel.request('CONNECT_SOCIAL', payload)
    this.#options.cache.setLogin(user.email)
    this.#options.cache.setLastUsedChain(user.chainId)
    return user
  }

  /** SOC-05: the frame opens a Farcaster sign-in channel for its device key; the answer is the URL to scan. */
  getFarcasterUri(options: FrameRequestOptions = {}): Promise<FrameSuccess<'GET_FARCASTER_URI'>> {
    this.start()
    return this.#options.channel.request('GET_FARCASTER_URI', {}, options)
  }

  /**
   * SOC-05: resolves once a Farcaster app approved that sign-in and the frame logged in. It waits on a
   * person as long as the channel lives, so it has no timeout of its own; `signal` ends the wait here.
   */
  async connectFarcaster(options: FrameRequestOptions = {}): Promise<FrameSuccess<'CONNECT_FARCASTER'>> {
    this.start()
    const answer = await this.#options.channel.request('CONNECT_FARCASTER', {}, options)
    this.#options.cache.setLogin(undefined)
    return answer
  }

  async getUser(query: FrameRequest<'GET_USER'> = {}): Promise<FrameUser> {
    const user = await this.#options.channel.request('GET_USER', query)
    const { cache } = this.#options
    cache.setLogin(user.email)
    cache.setLastUsedChain(user.chainId)
    if (user.preferredAccountType) cache.setPreferredAccountType(user.preferredAccountType)
    return user
  }

  /** Without a frame on the page there is no session to ask about, and none is created to ask. */
  async isConnected(): Promise<boolean> {
    if (!this.started) return false
    return (await this.#options.channel.request('IS_CONNECTED', {})).isConnected
  }

  async getChainId(): Promise<FrameChainId> {
    const { chainId } = await this.#options.channel.request('GET_CHAIN_ID', {})
    this.#options.cache.setLastUsedChain(chainId)
    return chainId
  }

  async switchNetwork(chainId: FrameChainId, rpcUrl?: string): Promise<FrameChainId> {
    const answer = await this.#options.channel.request(
      'SWITCH_NETWORK',
      rpcUrl === undefined ? { chainId } : { chainId, rpcUrl },
    )
    this.#options.cache.setLastUsedChain(answer.chainId)
    return answer.chainId
  }

  /**
   * FRAME-07; `eth_chainId` is answered from the cache when it knows the chain (research §1.1). Every tab
   * of the origin writes that cache, so it answers only when it names the chain this request goes to (the
   * one the frame would sign on); otherwise the frame is asked.
   */
  rpcRequest(request: RpcRequest, options: FrameRequestOptions = {}): Promise<unknown> {
    if (request.method === 'eth_chainId') {
      const cached = this.#options.cache.lastUsedChain()
      const hex = cached === undefined ? undefined : chainIdHex(cached)
      if (hex !== undefined && hex === chainIdHex(request.chainId)) return Promise.resolve(hex)
    }
    return this.#options.channel
      .request(
        'RPC_REQUEST',
        {
          method: request.method,
          ...(request.params === undefined ? {} : { params: request.params }),
          chainId: request.chainId,
          chainNamespace: 'eip155',
          ...(request.rpcUrl === undefined ? {} : { rpcUrl: request.rpcUrl }),
        },
        options,
      )
      .then((result) => {
        for (const listener of [...this.#rpcResultListeners]) listener(request.method, result)
        return result
      })
  }

  /** Each result the frame answers an RPC request with, after it came and before the caller has it. */
  onRpcResult(listener: (method: string, result: unknown) => void): () => void {
    this.#rpcResultListeners.add(listener)
    return () => this.#rpcResultListeners.delete(listener)
  }

  async updateEmail(payload: FrameRequest<'UPDATE_EMAIL'>): Promise<FrameSuccess<'UPDATE_EMAIL'>> {
    checkEmail(payload.email)
    return this.#options.channel.request('UPDATE_EMAIL', payload)
  }

  updateEmailPrimaryOtp(
    payload: FrameRequest<'UPDATE_EMAIL_PRIMARY_OTP'> = {},
  ): Promise<FrameSuccess<'UPDATE_EMAIL_PRIMARY_OTP'>> {
    return this.#options.channel.request('UPDATE_EMAIL_PRIMARY_OTP', payload)
  }

  async updateEmailSecondaryOtp(
    payload: FrameRequest<'UPDATE_EMAIL_SECONDARY_OTP'> = {},
  ): Promise<FrameSuccess<'UPDATE_EMAIL_SECONDARY_OTP'>> {
    const answer = await this.#options.channel.request('UPDATE_EMAIL_SECONDARY_OTP', payload)
    this.#options.cache.setEmail(answer.newEmail)
    return answer
  }

  /**
   * FRAME-12: each theme change goes to a ready frame now; a frame not ready yet gets the latest one when
   * it is. ENT-16: a theme mode other than light or dark is refused here.
   */
  async syncTheme(theme: ThemeSync): Promise<void> {
    const checked = safeParseExplained(themeSyncSchema, theme)
    if (!checked.success) {
      throw new FrameError(checked.error.issues[0]?.message ?? 'Invalid theme', {
        code: frameErrorCodes.invalidParams,
      })
    }
    this.#theme = theme
    if (this.#options.channel.ready) await this.#options.channel.request('SYNC_THEME', theme)
  }

  /** FRAME-12: replaces the dapp data the frame gets when it starts, and sends it now to a ready frame. */
  async syncDappData(data: DappData): Promise<void> {
    this.#dappData = data
    if (this.#options.channel.ready) await this.#options.channel.request('SYNC_DAPP_DATA', data)
  }

  getSmartAccountEnabledNetworks(): Promise<FrameSuccess<'GET_SMART_ACCOUNT_ENABLED_NETWORKS'>> {
    return this.#options.channel.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
  }

  /** FRAME-14: the smart account's address on the frame's chain, and whether it is deployed there. */
  initSmartAccount(): Promise<FrameSuccess<'INIT_SMART_ACCOUNT'>> {
    return this.#options.channel.request('INIT_SMART_ACCOUNT', {})
  }

  /** FRAME-13: the frame answers with the type's address, which the account listeners hear before this returns. */
  async setPreferredAccount(type: AccountType): Promise<FrameSuccess<'SET_PREFERRED_ACCOUNT'>> {
    const answer = await this.#options.channel.request('SET_PREFERRED_ACCOUNT', { type })
    this.#options.cache.setPreferredAccountType(answer.type)
    for (const listener of [...this.#accountListeners]) listener(answer.address)
    return answer
  }

  /** The frame's account changed address (another preferred account type): the provider's accountsChanged. */
  onAccountChanged(listener: (address: string) => void): () => void {
    this.#accountListeners.add(listener)
    return () => this.#accountListeners.delete(listener)
  }

  /** The frame answers RELOAD and then reloads itself; the channel shakes hands again on its next load. */
  reload(): Promise<FrameSuccess<'RELOAD'>> {
    return this.#options.channel.request('RELOAD', {})
  }

  /**
   * FRAME-09: the cache is cleared and listeners hear of it before the frame is asked; FRAME-10: settles
   * within `signOutWaitMs` whatever the frame does.
   */
  async signOut(): Promise<void> {
    this.#signedOut()
    if (!this.started) return
    const { clock, channel } = this.#options
    await new Promise<void>((resolve) => {
      const timer = clock.setTimeout(resolve, signOutWaitMs)
      channel
        .request('SIGN_OUT', {})
        .catch(() => {})
        .finally(() => {
          clock.clearTimeout(timer)
          resolve()
        })
    })
  }

  /** The session ended: by `signOut`, or by the frame (expired, wallet locked). */
  onSignedOut(listener: () => void): () => void {
    this.#signedOutListeners.add(listener)
    return () => this.#signedOutListeners.delete(listener)
  }

  #signedOut(): void {
    this.#options.cache.clearLogin()
    this.#loginEmail = undefined
    for (const listener of [...this.#signedOutListeners]) listener()
  }

  #syncOnStart(): void {
    const { channel } = this.#options
    // A frame that cannot take the look or the dapp's name still signs; these failures are not the user's.
    channel.request('SYNC_DAPP_DATA', this.#dappData).catch(() => {})
    if (this.#theme) channel.request('SYNC_THEME', this.#theme).catch(() => {})
  }
}
