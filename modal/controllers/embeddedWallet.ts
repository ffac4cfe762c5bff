import type { ComponentType } from 'react'
import type { PluggedConnector } from '../adapters/types.js'
import type { EmailViewName } from '../email/emailViews.js'
import type { EmbeddedWallet } from '../embedded/embeddedWallet.js'
import type { FeatureViews } from '../ui/views/lazyFeature.js'
import type { ModalContext } from './context.js'

/**
 * The embedded wallet an app plugs in, `emailLogin({ authUrl })` from `pairwise/email`. Its code comes with
 * that import, so a page that does not make one loads none of it (issue 13, acceptance 3).
 */
export type EmbeddedWalletPlugin = {
  readonly kind: 'embeddedWallet'
  /** The embedded wallet of one modal instance in a browser; undefined without a project id. */
  attach(ctx: ModalContext, document: Document): EmbeddedWalletLink | undefined
}

export type EmbeddedWalletLink = {
  /**
   * The wallet, loaded and made on first call; it fails while email and socials are both off (VAL-11) and
   * when its code cannot load (ERR-28).
   */
  load(): Promise<EmbeddedWallet>
  /** The auth connector, for the eip155 adapter. */
  connector: PluggedConnector
  ui: EmbeddedWalletUiLoader
}

/** The modal's parts of the embedded wallet, each a lazy component over a chunk of its own. */
export type EmbeddedWalletUi = {
  views: FeatureViews<EmailViewName>
  titles: { readonly [V in EmailViewName]: ComponentType }
  /** Connect's email field. */
  ConnectSection: ComponentType
  /** The email wallet's own actions on Account. */
  AccountSection: ComponentType
}

/** Loads the UI part once; `current` has it, synchronously, once loaded. */
export type EmbeddedWalletUiLoader = {
  current(): EmbeddedWalletUi | undefined
  load(): Promise<EmbeddedWalletUi>
}
