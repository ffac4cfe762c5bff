import type { EngineContext } from '../context.js'
import type { Metadata } from '../schemas/index.js'

/**
 * Methods that may travel by link mode, as on the official clients: a session request and its answer.
 * Everything else (settle, update, extend, ping, event, delete) stays on the relay.
 */
const LINK_MODE_METHODS = new Set(['wc_sessionRequest'])

/**
 * The universal link of an app that turned link mode on and has one; undefined otherwise. Universal and
 * app links are https by definition. A peer's metadata is its own to write, and a link of any other scheme
 * would hand our messages to whatever program claims that scheme, or, opened by a web app, run as that app
 * (`javascript:`): such a peer is reached through the relay.
 */
export function linkModeUniversalLink(metadata: Metadata | undefined): string | undefined {
  const redirect = metadata?.redirect
  if (redirect?.linkMode === true && redirect.universal?.startsWith('https://')) return redirect.universal
}

/**
 * Where a message of `method` on `topic` goes by link mode, or undefined for the relay (ROLE-04): both
 * sides turned link mode on and have a universal link, this client has a link port, and the peer's
 * link is one known to take link mode.
 */
export function linkModeTarget(ctx: EngineContext, topic: string, method: string): string | undefined {
  if (ctx.linkMode === undefined || !LINK_MODE_METHODS.has(method)) return
  if (linkModeUniversalLink(ctx.metadata) === undefined) return
  const peerLink = peerLinkOf(ctx, topic)
  return peerLink !== undefined && ctx.linkModeApps.has(peerLink) ? peerLink : undefined
}

/** The universal link of the peer of session `topic` when that peer turned link mode on; else undefined. */
export function peerLinkOf(ctx: EngineContext, topic: string): string | undefined {
  const { sessions } = ctx.stores
  return sessions.has(topic) ? linkModeUniversalLink(sessions.get(topic).peer.metadata) : undefined
}

/**
 * Remembers that a peer takes link mode when both sides turned it on: a dapp learns it from the wallet's
 * settlement or sign-in answer, a wallet from the first message the dapp sends it by link.
 */
export async function rememberLinkModePeer(ctx: EngineContext, peer: Metadata): Promise<void> {
  const peerLink = linkModeUniversalLink(peer)
  if (peerLink === undefined || linkModeUniversalLink(ctx.metadata) === undefined) return
  await ctx.linkModeApps.add(peerLink)
}
