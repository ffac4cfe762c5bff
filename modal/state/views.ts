import type { SocialLoginProvider } from '@pairwise/engine/frame'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { OnrampOrder } from '../onramp/types.js'
import type { ReadyDraft, SwapDraft } from '../swaps/draft.js'

/**
 * How a social login runs (SOC-04): in a popup that falls back to a full-page redirect when blocked or in
 * a webview ('auto'), always in a popup, or always by redirect. Its ConnectingSocial view shows which.
 */
export type SocialMode = 'auto' | 'popup' | 'redirect'

/** The data each view takes when it is routed to; views without data take `undefined`. */
export type ViewData = {
  Connect: undefined
  AllWallets: undefined
  /** `attempt`: the connect the wallet row started before routing here; the view starts one without it. */
  ConnectingExternal: { connectorId: string; attempt?: Promise<void> }
  /**
   * `outside`: a pairing the app started through its adapter's own API (wagmi's connect), shown instead of
   * one of the view's own; leaving the view cancels it. `byApp`: the URI in `wcUri` is of a pairing the app
   * made and runs itself (`open({ uri })`), only shown.
   */
  ConnectingWalletConnect: {
    walletId?: string
    outside?: { attempt: Promise<unknown>; cancel: () => void }
    byApp?: true
  }
  ConnectingWalletConnectBasic: undefined
  Account: undefined
  Networks: undefined
  SwitchNetwork: { network: CaipNetwork }
  SwitchActiveChain: { namespace: ChainNamespace; network?: CaipNetwork }
  UnsupportedChain: undefined
  SIWXSignMessage: undefined
  EmailLogin: undefined
  EmailVerifyOtp: { email: string }
  EmailVerifyDevice: { email: string }
  UpdateEmailWallet: { email: string }
  UpdateEmailPrimaryOtp: { email: string; newEmail: string }
  UpdateEmailSecondaryOtp: { email: string; newEmail: string }
  ApproveTransaction: { method: string }
  /**
   * A social login under way (the provider's window open, or the page back from it): `attempt` is the
   * login the click began; Try again begins another the same way.
   */
  ConnectingSocial: { provider: SocialLoginProvider; mode: SocialMode; attempt: Promise<void> }
  /**
   * A Farcaster login under way (SOC-05): `attempt` is the login the button began, which lasts while this
   * view shows; Try again begins another.
   */
  ConnectingFarcaster: { attempt: Promise<void> }
  OnrampProviders: undefined
  /** The checkout just opened, by which provider, its order when the provider names one, and when (ms). */
  BuyInProgress: { checkoutUrl: string; provider: string; orderId?: string | undefined; startedAt: number }
  /**
   * The purchases, and the order a checkout just settled: a declined one is in no listing (only paid orders
   * are), so it is shown from here.
   */
  OnrampActivity: { settled?: OnrampOrder } | undefined
  RegisterAccountName: undefined
  RegisterAccountNameSuccess: undefined
  Send: undefined
  Receive: undefined
  /** The swap's choices so far; none opens it with the native coin against the first token. */
  Swap: { draft?: SwapDraft }
  SwapSelectToken: { side: 'from' | 'to'; draft: SwapDraft }
  SwapPreview: { draft: ReadyDraft }
}

export type ViewName = keyof ViewData

export type Route = {
  [V in ViewName]: ViewData[V] extends undefined
    ? { view: V; data?: undefined }
    : { view: V; data: ViewData[V] }
}[ViewName]
