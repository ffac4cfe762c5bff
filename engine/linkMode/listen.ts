import { type EngineContext, schedule } from '../context.js'
import { onLinkModeMessage } from '../inbound/route.js'
import { MAX_LINK_MODE_SEEN } from '../limits.js'
import { linkModeUniversalLink, peerLinkOf } from './target.js'
import { parseLinkModeUrl } from './url.js'

/**
 * Takes a link the app received. One that carries no message of ours, or one already taken (`seen`), is
 * logged and dropped: links come from anyone, so none of them may throw or stop the client.
 */
function onLinkModeUrl(ctx: EngineContext, url: unknown, seen: Set<string>): void {
  if (ctx.closed) return
  const parsed = typeof url === 'string' ? parseLinkModeUrl(url) : { problem: 'not a string' }
  // Only for a session whose peer turned link mode on: checked before anything is kept, so links for
  // other topics (anyone can open one) neither reach the engine nor fill `seen`.
  if ('problem' in parsed || seen.has(parsed.envelope) || !peerLinkOf(ctx, parsed.topic)) {
    ctx.logger.debug('ignored a link', {
      problem: 'problem' in parsed ? parsed.problem : 'taken, or no link-mode session',
    })
    return
  }
  seen.add(parsed.envelope)
  if (seen.size > MAX_LINK_MODE_SEEN) seen.delete(seen.values().next().value as string)
  onLinkModeMessage(ctx, { topic: parsed.topic, message: parsed.envelope })
}

/**
 * Starts listening for links when this client takes link mode (a port, `redirect.linkMode` and a
 * universal link), and takes the link the app was opened with once start-up is over (CONST-20), so the
 * app can add its event listeners first. Returns what stops the listening.
 */
export function listenForLinks(ctx: EngineContext): () => void {
  const port = ctx.linkMode
  if (port === undefined) return () => {}
  if (linkModeUniversalLink(ctx.metadata) === undefined) {
    ctx.logger.info('link mode is off in metadata.redirect')
    return () => {}
  }
  const seen = new Set<string>()
  const initial = Promise.resolve()
    .then(() => port.initialUrl())
    .catch((error: unknown) => {
      ctx.logger.warn('initialUrl failed', { error: String(error) })
      return undefined
    })
  schedule(ctx, ctx.timings.linkModeInitialUrlDelayMs, () => {
    void initial.then((url) => {
      if (url) onLinkModeUrl(ctx, url, seen)
    })
  })
  return port.subscribe((url) => onLinkModeUrl(ctx, url, seen))
}
