import type { EmbeddedWallet } from '../embedded/embeddedWallet.js'
import { embeddedWalletEnabled } from '../embedded/enabled.js'
import { frameCacheKeys } from '../embedded/frameCacheKeys.js'
import type { ModalContext } from './context.js'
import { WalletError } from './errors.js'

/**
 * The embedded wallet's loader for one modal instance: its code (the frame client, the email views' flow)
 * loads on first call only, so an app that never logs in by email never downloads it. Present only in a
 * browser, with an `authUrl` and a project id; it refuses while email and socials are off (VAL-11).
 */
export function embeddedWalletLoader(
  ctx: ModalContext,
  document: Document | undefined,
): (() => Promise<EmbeddedWallet>) | undefined {
  const { authUrl, projectId } = ctx.options
  if (!authUrl || !projectId || !document) return undefined
  let made: Promise<EmbeddedWallet> | undefined
  return () => {
    if (!embeddedWalletEnabled({ projectId, features: ctx.store.get().features }))
      return Promise.reject(new WalletError('EMBEDDED_WALLET_OFF'))
    made ??= import('../email/modalWallet.js').then(
      ({ createModalWallet }) => createModalWallet(ctx, authUrl, document),
      (error: unknown) => {
        made = undefined
        // ERR-28
        throw new WalletError('EMAIL_DEPENDENCY_UNAVAILABLE', error)
      },
    )
    return made
  }
}

/** FRAME-01: whether this browser logged in by email before, read without loading the embedded wallet. */
export function emailLoginUsed(ctx: ModalContext): boolean {
  return ctx.memory.getItem(frameCacheKeys.emailLoginUsed) === 'true'
}
