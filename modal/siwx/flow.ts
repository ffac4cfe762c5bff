import { bytesToBase58btc, bytesToHex, utf8ToBytes } from '@pairwise/crypto'
import { type SiwxFrameMessage, siwxMessageDataSchema } from '@pairwise/engine/siwx'
import type { WalletConnectSignIn } from '../adapters/walletConnectTransport.js'
import type { currentConnection } from '../controllers/account.js'
import { showSnackbar } from '../controllers/alerts.js'
import type { disconnect } from '../controllers/connection.js'
import type { ModalContext, SignInHooks } from '../controllers/context.js'
import { WalletError } from '../controllers/errors.js'
import type { close, open } from '../controllers/modal.js'
import type { switchNetwork } from '../controllers/network.js'
import type { reset } from '../controllers/router.js'
import type { CaipNetwork } from '../networks/types.js'
import type { AppState } from '../state/types.js'
import { walletConnectSignIn } from './flowWalletConnect.js'
import { fromSiweConfig } from './fromSiweConfig.js'
import type { SIWXConfig } from './types.js'

/**
 * The controller calls the flow makes, handed in by the core rather than imported: a lazy chunk that
 * imports these makes bundlers (rolldown here) split the core's own chunks differently, and every page,
 * with sign-in or without, would pay for that on first load (issue 14, acceptance 5).
 */
export type FlowControllers = {
  open: typeof open
  close: typeof close
  reset: typeof reset
  disconnect: typeof disconnect
  switchNetwork: typeof switchNetwork
  currentConnection: typeof currentConnection
}

/** The account sign-in is about: the active network and address. */
type ActivePair = { network: CaipNetwork; address: string }

function activePair(state: AppState): ActivePair | undefined {
  const { activeNetwork, account } = state
  return activeNetwork && account.address && account.caipAddress
    ? { network: activeNetwork, address: account.address }
    : undefined
}

/**
 * OPEN-16: on a network the app did not configure (and does not allow) the modal asks the visitor to switch
 * (UnsupportedChain); a sign-in there would cover that view and sign in on a network the app never offered.
 */
function asksToSwitch(ctx: ModalContext, state: AppState, network: CaipNetwork): boolean {
  const configured = state.networks.some((n) => n.caipNetworkId === network.caipNetworkId)
  return !configured && !ctx.options.allowUnsupportedChain
}

/** Every connection held, as `namespace connectorId`. */
function heldConnections(state: AppState): Set<string> {
  return new Set(
    Object.entries(state.connections).flatMap(([namespace, entry]) =>
      (entry?.connections ?? []).map((c) => `${namespace} ${c.connectorId}`),
    ),
  )
}

function pairKey(pair: ActivePair): string
function pairKey(pair: ActivePair | undefined): string | undefined
function pairKey(pair: ActivePair | undefined) {
  return pair && `${pair.network.caipNetworkId}:${pair.address}`
}

/**
 * AppKit 1.7's SIWX flow in the modal (research §1.2): on each new active network and address without a
 * session the modal opens on SIWXSignMessage (OPEN-13); the view's Sign and Cancel land here; a
 * connection ending, whoever ended it (the visitor, the app or the wallet), signs out unless the config says
 * otherwise.
 */
export class SignInFlow implements SignInHooks {
  readonly #ctx: ModalContext
  readonly #config: SIWXConfig
  readonly #do: FlowControllers
  readonly #listeners = new Set<() => void>()
  readonly #stops: (() => void)[] = []
  #signing = false
  /** The connections held at the last store change, so that one ending is seen however it ended. */
  #held = new Set<string>()
  /** A connection ended in this turn and its sign-out has started: further ends in the turn join it. */
  #endedThisTurn = false
  /** The pair last checked, so a store change that keeps it does not check again. */
  #checked: string | undefined
  /** Counts the checks started, so an answer to an older one is dropped. */
  #checks = 0
  /** The network of the last sign-in (SIWX-05: cancelling elsewhere goes back to it). */
  #lastSignedIn: CaipNetwork | undefined
  /** Counts sign-outs: a signature that comes back after one belongs to a sign-in the visitor left. */
  #signOuts = 0
  /** The sign-out under way; a lookup waits for it so a session it is removing does not count. */
  #signingOut: Promise<void> = Promise.resolve()
  /** The sign-in under way and the pair it is for: asking again for that pair joins it, one prompt. */
  #inFlight: { key: string; done: Promise<void> } | undefined
  readonly walletConnect: WalletConnectSignIn

  constructor(ctx: ModalContext, config: SIWXConfig, controllers: FlowControllers) {
    this.#ctx = ctx
    this.#config = config
    this.#do = controllers
    this.walletConnect = walletConnectSignIn(ctx, config)
  }

  /**
   * Watches the active pair and the connections held; checks the pair connected now. Returns the stop. A
   * wallet ending the connection itself reports no DISCONNECT_SUCCESS, so the store is what shows an end.
   */
  start(): () => void {
    this.#held = heldConnections(this.#ctx.store.get())
    this.#stops.push(
      this.#ctx.store.subscribe((state) => {
        if (this.#connectionEnded(state) && !this.#endedThisTurn) {
          // A WalletConnect session's end drops it from each namespace it served, one store change each, in
          // one turn: that is one end, and one sign-out (one POST, one event), not one per namespace.
          this.#endedThisTurn = true
          queueMicrotask(() => {
            this.#endedThisTurn = false
          })
          this.#signingOut = this.#signOut()
          // The sign-out ends the sessions of the accounts still connected too: they are checked again.
          this.#checked = undefined
        }
        this.#onState(state)
      }),
    )
    this.#onState(this.#ctx.store.get())
    return () => {
      for (const stop of this.#stops.splice(0)) stop()
    }
  }

  /** As AppKit reads it: a config without `getRequired` lets the visitor decline and stay connected. */
  required(): boolean {
    return Boolean(this.#config.getRequired?.())
  }

  signing(): boolean {
    return this.#signing
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #connectionEnded(state: AppState): boolean {
    const held = heldConnections(state)
    const ended = [...this.#held].some((key) => !held.has(key))
    this.#held = held
    return ended
  }

  #onState(state: AppState): void {
    const active = activePair(state)
    const pair = active && !asksToSwitch(this.#ctx, state, active.network) ? active : undefined
    const key = pairKey(pair)
    if (key === this.#checked) return
    this.#checked = key
    const round = ++this.#checks
    if (pair) void this.#check(pair, round)
    // Nobody is left to sign in: a required view would otherwise refuse to close.
    else if (this.#showsSignIn()) this.#do.close(this.#ctx)
  }

  /** OPEN-13, ERR-10 */
  async #check(pair: ActivePair, round: number): Promise<void> {
    try {
      await this.#signingOut
      const sessions = await this.#config.getSessions(pair.network.caipNetworkId, pair.address)
      if (round !== this.#checks) return
      if (sessions.length === 0) {
        this.#do.open(this.#ctx, { view: 'SIWXSignMessage' })
        return
      }
      this.#lastSignedIn = pair.network
      // Back on a signed-in pair: the view another pair opened asks for nothing any more.
      if (this.#showsSignIn()) this.#do.close(this.#ctx)
    } catch {
      await this.#do.disconnect(this.#ctx).catch(() => undefined)
      this.#do.reset(this.#ctx, { view: 'Connect' })
      showSnackbar(this.#ctx, 'error', { key: 'alert.siwxInitFailed' })
    }
  }

  /** SIWX-01, SIWX-02, ERR-11, ERR-12 */
  sign(): Promise<void> {
    const pair = activePair(this.#ctx.store.get())
    if (!pair) return Promise.reject(new WalletError('NO_ACTIVE_ADDRESS'))
    const key = pairKey(pair)
    if (this.#inFlight?.key === key) return this.#inFlight.done
    const done = this.#signIn(pair).finally(() => {
      if (this.#inFlight?.done === done) this.#inFlight = undefined
    })
    this.#inFlight = { key, done }
    return done
  }

  async #signIn(pair: ActivePair): Promise<void> {
    const signOuts = this.#signOuts
    this.#setSigning(true)
    try {
      const message = await this.#config.createMessage({
        chainId: pair.network.caipNetworkId,
        accountAddress: pair.address,
      })
      const text = message.toString()
      const signature = await this.#signText(pair, text)
      if (signOuts !== this.#signOuts) return
      await this.#config.addSession({ data: siwxMessageDataSchema.parse(message), message: text, signature })
      this.#lastSignedIn = pair.network
      if (this.#stillAsking(pair)) this.#do.close(this.#ctx)
    } catch {
      // The visitor left this pair (disconnected, or another account or network): its check asks anew.
      if (pairKey(activePair(this.#ctx.store.get())) !== pairKey(pair)) return
      if (!this.#showsSignIn()) this.#do.open(this.#ctx, { view: 'SIWXSignMessage' })
      showSnackbar(this.#ctx, 'error', { key: 'alert.siwxSignFailed' })
    } finally {
      this.#setSigning(false)
    }
  }

  /**
   * Whether the modal still shows the sign-in `pair` was asked for: while the wallet's prompt was open the
   * visitor may have switched account or network in the wallet (the view now asks for that pair, which this
   * signature does not sign in) or closed the modal and opened it on another view. Closing then would hide
   * a sign-in still owed, or a view the visitor just opened.
   */
  #stillAsking(pair: ActivePair): boolean {
    return this.#showsSignIn() && pairKey(activePair(this.#ctx.store.get())) === pairKey(pair)
  }

  #showsSignIn(): boolean {
    const { open: shown, router } = this.#ctx.store.get()
    return shown && router.view === 'SIWXSignMessage'
  }

  /** SIWX-07 */
  async signInThrough(
    network: CaipNetwork,
    address: string,
    sign: (message: SiwxFrameMessage) => Promise<string>,
  ): Promise<void> {
    const message = await this.#config.createMessage({
      chainId: network.caipNetworkId,
      accountAddress: address,
    })
    const data = siwxMessageDataSchema.parse(message)
    const text = message.toString()
    const signature = await sign({ ...data, serializedMessage: text })
    await this.#config.addSession({ data, message: text, signature })
    this.#lastSignedIn = network
  }

  /**
   * The connected wallet signs `text`'s UTF-8 bytes: personal_sign on eip155 (a hex signature), the Wallet
   * Standard's signMessage on solana (base58, as Solana sign-in verifiers read it), the Bitcoin adapter's
   * BIP-322 "simple" signature on bip122 (base64, as the bip122 profile's verifiers read it).
   */
  async #signText(pair: ActivePair, text: string): Promise<string> {
    const namespace = pair.network.chainNamespace
    if (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122')
      throw new WalletError('UNSUPPORTED_NAMESPACE')
    const connection = this.#do.currentConnection(this.#ctx, namespace)
    const provider = connection && this.#ctx.adapters.get(namespace)?.getProvider(connection.connectorId)
    if (!provider) throw new WalletError('PROVIDER_NOT_FOUND')
    if (namespace === 'bip122') {
      if (!signsText(provider)) throw new WalletError('UNSUPPORTED_NAMESPACE')
      return provider.signMessage({ message: text, address: pair.address })
    }
    // Only Solana's provider signs bytes: an EIP-1193 one may carry a signMessage of its own.
    if (namespace === 'solana' && signsBytes(provider))
      return bytesToBase58btc(await provider.signMessage(utf8ToBytes(text)))
    // Another adapter's provider (Bitcoin's, once its package is loaded) is no EIP-1193 one.
    if (!('request' in provider)) throw new WalletError('UNSUPPORTED_NAMESPACE')
    const signature = await provider.request({
      method: 'personal_sign',
      params: [`0x${bytesToHex(utf8ToBytes(text))}`, pair.address],
    })
    if (typeof signature !== 'string') throw new WalletError('SIGN_MESSAGE_FAILED')
    return signature
  }

  /** SIWX-03, SIWX-04, SIWX-05 */
  async cancel(): Promise<void> {
    // A required sign-in that cannot go back leaves no connection behind.
    if (this.required() && !(await this.#switchBack()))
      await this.#do.disconnect(this.#ctx).catch(() => undefined)
    this.#do.close(this.#ctx)
  }

  /** Switches back to the last signed-in network when that still has a session; false when it cannot. */
  async #switchBack(): Promise<boolean> {
    try {
      const back = await this.#signedInElsewhere()
      if (!back) return false
      await this.#do.switchNetwork(this.#ctx, back)
      return true
    } catch {
      return false
    }
  }

  /** The last signed-in network, when it is not the active one and still has sessions for this address. */
  async #signedInElsewhere(): Promise<CaipNetwork | undefined> {
    const last = this.#lastSignedIn
    const pair = activePair(this.#ctx.store.get())
    if (!last || !pair || last.caipNetworkId === pair.network.caipNetworkId) return undefined
    const sessions = await this.#config.getSessions(last.caipNetworkId, pair.address)
    return sessions.length > 0 ? last : undefined
  }

  async #signOut(): Promise<void> {
    this.#signOuts += 1
    this.#lastSignedIn = undefined
    if (this.#config.signOutOnDisconnect === false) return
    await this.#config.setSessions([]).catch(() => undefined)
  }

  #setSigning(signing: boolean): void {
    this.#signing = signing
    for (const listener of [...this.#listeners]) listener()
  }
}

/** SIWX-06: the app's `siwx`, or its older `siweConfig` mapped onto SIWX. */
function configOf(ctx: ModalContext): SIWXConfig | undefined {
  const { siwx, siweConfig } = ctx.options
  return (
    siwx ?? (siweConfig && fromSiweConfig(siweConfig, () => ctx.store.get().activeNetwork?.caipNetworkId))
  )
}

/** Starts the flow for the app's sign-in config and puts it on the context; returns the stop. */
export function startSignIn(ctx: ModalContext, controllers: FlowControllers): () => void {
  const config = configOf(ctx)
  if (!config) return () => undefined
  const flow = new SignInFlow(ctx, config, controllers)
  ctx.signIn = flow
  const stop = flow.start()
  return () => {
    stop()
    if (ctx.signIn === flow) delete ctx.signIn
  }
}

/** A bip122 provider (Bitcoin's, from its own package): signs a text for one of its addresses, in base64. */
const signsText = (
  provider: object,
): provider is { signMessage(input: { message: string; address: string }): Promise<string> } =>
  typeof (provider as { signMessage?: unknown }).signMessage === 'function'

/** A provider that signs raw bytes (Solana's, from its own package); eip155's signs through personal_sign. */
const signsBytes = (
  provider: object,
): provider is { signMessage(message: Uint8Array): Promise<Uint8Array> } =>
  typeof (provider as { signMessage?: unknown }).signMessage === 'function'
