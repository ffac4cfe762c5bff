import type { ComponentType } from 'react'
import type { ViewData, ViewName } from '../state/views.js'

/** The modal's parts of the embedded wallet, each a lazy component over a chunk of its own. */
export type EmbeddedWalletUi = {
  /** The views it routes to (the email login's, ApproveTransaction), each with its title. */
  views: { readonly [V in ViewName]?: ComponentType<{ data: ViewData[V] }> }
  titles: { readonly [V in ViewName]?: ComponentType }
  /** Connect's email field. */
  ConnectSection: ComponentType
  /** Connect's social login buttons (SOC-02). */
  SocialSection: ComponentType
  /** The email wallet's own actions on Account. */
  AccountSection: ComponentType
}

/** Loads the UI part once; `current` has it, synchronously, once loaded. */
export type EmbeddedWalletUiLoader = {
  current(): EmbeddedWalletUi | undefined
  load(): Promise<EmbeddedWalletUi>
}
