import type { ModalContext } from '../../controllers/context.js'
import { push } from '../../controllers/router.js'
import { embeddedWallet, finishLogin } from '../emailFlow.js'

/** The longest sign-in link taken (the auth service's own cap): a QR code holds little more than 2 KB. */
const maxLinkLength = 2048

/**
 * The sign-in link the frame answered, as a Farcaster app opens it: the relay's `farcaster://connect?…`, or
 * a relay's web page (Farcaster's public relay answers `https://farcaster.xyz/~/siwf?…`), the two kinds the
 * auth service passes on. Anything else is refused rather than put in a QR code and an href.
 */
export function farcasterLink(url: string): string {
  const refused = new Error('The frame answered a Farcaster sign-in link no Farcaster app opens')
  if (url.length > maxLinkLength) throw refused
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    throw refused
  }
  if (protocol !== 'farcaster:' && protocol !== 'https:') throw refused
  return url
}

/**
 * SOC-05: the Farcaster button's click. The login begins at once and ConnectingFarcaster follows it;
 * resolves once logged in.
 */
export function startFarcasterLogin(ctx: ModalContext): Promise<void> {
  const attempt = beginFarcasterLogin(ctx)
  push(ctx, { view: 'ConnectingFarcaster', data: { attempt } })
  return attempt
}

/**
 * One Farcaster login, for as long as ConnectingFarcaster shows: leaving it (back, close) ends the login,
 * which is how the visitor cancels. Try again begins another the same way.
 */
export function beginFarcasterLogin(ctx: ModalContext): Promise<void> {
  const left = new AbortController()
  const unsubscribe = ctx.store.subscribe(({ router }, previous) => {
    if (previous.router.view === 'ConnectingFarcaster' && router.view !== 'ConnectingFarcaster') left.abort()
  })
  return farcasterLogin(ctx, left.signal).finally(unsubscribe)
}

/**
 * The frame opens a sign-in channel and answers its link, which goes to farcasterUrl for the view's QR
 * code and deep link; connect farcaster then waits until a Farcaster app approved the sign-in, and the
 * login ends as a social one does: the auth connector connects, the user is filled with the Farcaster
 * name, and socialProvider is farcaster. The link is cleared once the login ends, whichever way.
 */
async function farcasterLogin(ctx: ModalContext, signal: AbortSignal): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  let watching = false
  let approved = false
  // The frame watches the channel until it completes or expires: AppKit reloads the frame when its
  // Farcaster view is left, and so do we, or a later approval would log the frame in behind the visitor's back.
  const cancel = () => {
    if (watching && !approved) void client.reload().catch(() => undefined)
  }
  signal.addEventListener('abort', cancel, { once: true })
  try {
    const { url } = await client.getFarcasterUri({ signal })
    const link = farcasterLink(url)
    ctx.store.set(({ account }) => ({
      account: { ...account, farcasterUrl: link, socialProvider: 'farcaster' },
    }))
    watching = true
    const { userName } = await client.connectFarcaster({ signal })
    approved = true
    const network = ctx.store.get().activeNetwork
    const user = await client.getUser(
      network?.chainNamespace === 'eip155' ? { chainId: Number(network.id) } : {},
    )
    await finishLogin(ctx)
    // The connected account is a new one: the login's provider is recorded on it with its user.
    ctx.store.set(({ account }) => ({
      account: { ...account, user: { ...user, userName }, socialProvider: 'farcaster' },
    }))
  } finally {
    signal.removeEventListener('abort', cancel)
    ctx.store.set(({ account }) => ({ account: { ...account, farcasterUrl: undefined } }))
  }
}
