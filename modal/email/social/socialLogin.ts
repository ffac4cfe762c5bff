import {
  frameRequestTimeoutMs,
  type SocialLoginProvider,
  socialProviderSchema,
  socialResultParam,
  socialResultSchema,
} from '@pairwise/engine/frame'
import type { ModalContext } from '../../controllers/context.js'
import { open } from '../../controllers/modal.js'
import { push } from '../../controllers/router.js'
import { urlRefusal } from '../../core/safeUrl.js'
import type { SocialMode, SocialProvider } from '../../state/types.js'
import { embeddedWallet, finishLogin } from '../emailFlow.js'

/** How often the popup is looked at for being closed (research §1.1: AppKit polls every second). */
const closedPollMs = 1000
/** Where a redirect-mode login remembers its provider across the trip (a name, nothing secret). */
const redirectProviderKey = '@appkit-wallet/SOCIAL_PROVIDER'

/** The visitor closed the provider's window before it handed a result back. */
export class SocialWindowClosed extends Error {
  override name = 'SocialWindowClosed'
}

/**
 * Embedded webviews and in-app browsers, where popups are blocked or inert and Google refuses the login
 * (`disallowed_useragent`), and iOS home-screen apps, whose popups end at about:blank (research §4.2).
 */
const webviewAgent = /; wv\)|\bWebView\b|FBAN|FBAV|Instagram|\bLine\/|Telegram/
function inWebview(win: Window): boolean {
  return (
    webviewAgent.test(win.navigator.userAgent) ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

/**
 * The provider's authorize URL the frame answered, as the popup or the page is sent to it: a `link` by the
 * modal's one URL policy (core/safeUrl.ts), `http:` allowed too (a local identity provider may have no TLS).
 * The popup was opened blank from the host page, so it shares the page's origin, and a redirect-mode login
 * sends the page itself: a `javascript:` or `data:` URL from the frame would run as the host app.
 */
export function socialAuthorizeUrl(uri: string): string {
  if (urlRefusal(uri.replace(/^http:/, 'https:'), 'link') === undefined) return uri
  throw new Error('The frame answered a sign-in address no identity provider serves')
}

/** SOC-03: the login under way, in account state: its provider, and the window it runs in (none for a redirect). */
function record(ctx: ModalContext, provider: SocialProvider, socialWindow: Window | undefined): void {
  ctx.store.set(({ account }) => ({ account: { ...account, socialProvider: provider, socialWindow } }))
}

/**
 * SOC-03: called in the button's click handler, so the popup opens before any await (browsers block a
 * window opened later). The frame is then asked for the provider's redirect URI and the popup sent there;
 * with no popup (blocked, a webview, or redirect mode) the whole page goes to the provider instead and
 * comes back with the ticket in its query. Resolves once logged in; the ConnectingSocial view follows it.
 */
export function startSocialLogin(
  ctx: ModalContext,
  provider: SocialLoginProvider,
  mode: SocialMode,
  win: Window,
): Promise<void> {
  const attempt = beginSocialLogin(ctx, provider, mode, win)
  push(ctx, { view: 'ConnectingSocial', data: { provider, mode, attempt } })
  return attempt
}

/** The login itself, without routing: ConnectingSocial's Try again (a click too) begins it again. */
export function beginSocialLogin(
  ctx: ModalContext,
  provider: SocialLoginProvider,
  mode: SocialMode,
  win: Window,
): Promise<void> {
  const usePopup = mode === 'popup' || (mode === 'auto' && !inWebview(win))
  // A window name of its own: a shared name would hand this login the window an earlier one still waits
  // on, and the one ticket that window's handoff posts would be read, and redeemed, by both.
  const name = `pairwise-social-${crypto.randomUUID()}`
  const popup = usePopup ? win.open('', name, 'popup,width=600,height=800') : null
  record(ctx, provider, popup ?? undefined)
  return popup ? popupLogin(ctx, provider, popup, win) : redirectLogin(ctx, provider, win)
}

async function popupLogin(
  ctx: ModalContext,
  provider: SocialLoginProvider,
  popup: Window,
  win: Window,
): Promise<void> {
  try {
    const { client, frame } = await embeddedWallet(ctx)
    const { uri } = await client.getSocialRedirectUri({ provider })
    const authorize = socialAuthorizeUrl(uri)
    // The result is listened for before the popup leaves: a fast provider cannot answer too early.
    const result = socialResult(ctx, win, popup, frame.origin)
    popup.location.replace(authorize)
    await completeSocialLogin(ctx, provider, await result)
  } finally {
    if (!popup.closed) popup.close()
    ctx.store.set(({ account }) => ({ account: { ...account, socialWindow: undefined } }))
  }
}

/**
 * The ticket the callback page posts from the popup: only a message from that window, from the frame's
 * own origin (the auth service's), shaped as a result, is read; everything else is ignored. A popup
 * closed without one, or no answer within the frame's request timeout, fails the login.
 */
function socialResult(ctx: ModalContext, win: Window, popup: Window, authOrigin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let closedSeen = false
    const stop = () => {
      win.removeEventListener('message', onMessage)
      ctx.clock.clearTimeout(poll)
      ctx.clock.clearTimeout(deadline)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== authOrigin) return
      const parsed = socialResultSchema.safeParse(event.data)
      if (!parsed.success) return
      stop()
      resolve(parsed.data.resultUri)
    }
    // Closed twice in a row: the callback page posts, then closes itself, and its message may still be queued.
    const check = () => {
      if (popup.closed && closedSeen) {
        stop()
        reject(new SocialWindowClosed('The sign-in window was closed'))
        return
      }
      closedSeen = popup.closed
      poll = ctx.clock.setTimeout(check, closedPollMs)
    }
    let poll = ctx.clock.setTimeout(check, closedPollMs)
    const deadline = ctx.clock.setTimeout(() => {
      stop()
      reject(new Error('The sign-in did not finish in time'))
    }, frameRequestTimeoutMs)
    win.addEventListener('message', onMessage)
  })
}

/** The page goes to the provider; the provider sends it back to this very page (path and query). */
async function redirectLogin(ctx: ModalContext, provider: SocialLoginProvider, win: Window): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  const { pathname, search } = win.location
  const { uri } = await client.getSocialRedirectUri({ provider, returnPath: `${pathname}${search}` })
  const authorize = socialAuthorizeUrl(uri)
  ctx.memory.setItem(redirectProviderKey, provider)
  win.location.assign(authorize)
}

/** SOC-04: connect social with the returned ticket logs in; the auth connector connects and `user` is filled. */
export async function completeSocialLogin(
  ctx: ModalContext,
  provider: SocialLoginProvider,
  ticket: string,
): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  const network = ctx.store.get().activeNetwork
  const user = await client.connectSocial({
    uri: ticket,
    ...(network?.chainNamespace === 'eip155' ? { chainId: Number(network.id) } : {}),
  })
  await finishLogin(ctx)
  // The connected account is a new one: the login's provider is recorded on it with its user.
  ctx.store.set(({ account }) => ({ account: { ...account, user, socialProvider: provider } }))
}

/**
 * The page came back from a redirect-mode login: the ticket is taken from the query and at once stripped
 * from the address (history.replaceState), so it is neither bookmarked nor sent as a referrer, then
 * redeemed on ConnectingSocial.
 */
export function resumeSocialLogin(ctx: ModalContext, win: Window): void {
  const url = new URL(win.location.href)
  const ticket = url.searchParams.get(socialResultParam)
  if (ticket === null) return
  url.searchParams.delete(socialResultParam)
  win.history.replaceState(win.history.state, '', url.href)
  const remembered = socialProviderSchema.safeParse(ctx.memory.getItem(redirectProviderKey))
  ctx.memory.removeItem(redirectProviderKey)
  const parsed = socialResultSchema.shape.resultUri.safeParse(ticket)
  if (!parsed.success || !remembered.success) return
  const provider = remembered.data
  record(ctx, provider, undefined)
  const attempt = completeSocialLogin(ctx, provider, parsed.data)
  open(ctx, { view: 'ConnectingSocial', data: { provider, mode: 'redirect', attempt } })
}
