import type { PluggedConnector } from '../adapters/types.js'
import type { EmbeddedWallet } from '../embedded/embeddedWallet.js'
import type { ModalContext } from './context.js'
import type { EmbeddedWalletUiLoader } from './embeddedWalletUi.js'
import type { EmbeddedWalletOption } from './options.js'

/**
 * The embedded wallet an app plugs in, `emailLogin({ authUrl })` from `@pairwise/modal/email`. Its code comes with
 * that import, so a page that does not make one loads none of it (issue 13, acceptance 3).
 */
export type EmbeddedWalletPlugin = EmbeddedWalletOption & {
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
