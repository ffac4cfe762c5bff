import * as z from 'zod/mini'
import type { PluggedConnector } from '../adapters/types.js'
import type { EmbeddedWalletLink, EmbeddedWalletPlugin } from '../controllers/embeddedWallet.js'
import type { EmbeddedWalletUi } from '../controllers/embeddedWalletUi.js'
import { WalletError } from '../controllers/errors.js'
import { explainOptionIssue, OptionsError } from '../controllers/options.js'
import { authConnectorId } from '../embedded/authConnector.js'
import type { EmbeddedWallet } from '../embedded/embeddedWallet.js'
import { embeddedWalletEnabled } from '../embedded/enabled.js'
import { frameCacheKeys } from '../embedded/frameCacheKeys.js'

const emailLoginSchema = z.object({
  /** The self-hosted auth service whose secure frame holds the wallet (`npx pairwise auth`). */
  authUrl: z.url(),
  /**
   * SOC-04: social logins in a popup that falls back to a full-page redirect when blocked or in a
   * webview ('auto', the default), always in a popup, or always by redirect.
   */
  socialMode: z.optional(z.enum(['auto', 'popup', 'redirect'])),
  /**
   * SOC-05: the auth service at `authUrl` serves Sign In With Farcaster (its operator gave it a Farcaster
   * relay). Off by default: only with this on, and farcaster among the socials the app or its project turns
   * on, does Connect show the Farcaster button.
   */
  farcaster: z.optional(z.boolean()),
})

export type EmailLoginOptions = z.input<typeof emailLoginSchema>

/** Loads `load`'s module once; a failed load is tried again on the next call. */
function once<T>(load: () => Promise<T>): { current(): T | undefined; load(): Promise<T> } {
  let value: T | undefined
  let loading: Promise<T> | undefined
  const start = () =>
    load().then(
      (loaded) => {
        value = loaded
        return loaded
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
  return {
    current: () => value,
    load: () => {
      loading ??= start()
      return loading
    },
  }
}

/**
 * Email login into the embedded wallet, for `createAppKit({ embeddedWallet: emailLogin({ authUrl }) })`. Only
 * this comes with the import; the frame client, the email views and their texts load on first use.
 */
export function emailLogin(options: EmailLoginOptions): EmbeddedWalletPlugin {
  const parsed = z.safeParse(emailLoginSchema, options, { error: explainOptionIssue })
  if (!parsed.success)
    throw new OptionsError(
      `Invalid emailLogin options: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
    )
  const { authUrl, socialMode = 'auto', farcaster = false } = parsed.data
  // Shared by every modal instance made with this plug-in: it holds components, no state.
  const ui = once(() =>
    import('./emailUi.js').then(({ emailUi }): EmbeddedWalletUi => emailUi({ socialMode, farcaster })),
  )
  return {
    kind: 'embeddedWallet',
    attach(ctx, document): EmbeddedWalletLink | undefined {
      const { projectId } = ctx.options
      if (!projectId) return undefined
      const wallet = once<EmbeddedWallet>(() =>
        import('./modalWallet.js').then(
          ({ createModalWallet }) => createModalWallet(ctx, authUrl, document),
          // ERR-28
          (error: unknown) => Promise.reject(new WalletError('EMAIL_DEPENDENCY_UNAVAILABLE', error)),
        ),
      )
      const load = () =>
        embeddedWalletEnabled({ projectId, features: ctx.store.get().features })
          ? wallet.load()
          : Promise.reject(new WalletError('EMBEDDED_WALLET_OFF'))
      const connector: PluggedConnector = {
        info: { id: authConnectorId, type: 'AUTH', name: 'Email', chainNamespace: 'eip155' },
        provider: async (reconnecting) => {
          const made = await load()
          // FRAME-11: on a reconnect the frame's own session decides (taken up, or signed out when reconnect is off).
          return reconnecting && (await made.start()).status === 'disconnected' ? undefined : made.provider
        },
        // FRAME-09, FRAME-10: the cache goes first; the frame's sign-out is waited for 3 s at most.
        disconnect: async () => (await load()).client.signOut(),
      }
      // FRAME-11: with reconnect off, a session the frame still holds is signed out at start.
      if (
        ctx.options.enableReconnect === false &&
        ctx.memory.getItem(frameCacheKeys.emailLoginUsed) === 'true'
      )
        void load().then(
          (made) => made.start(),
          () => undefined,
        )
      // SOC-04: a page back from a redirect-mode social login carries its ticket; with socials on, the
      // social code comes to take it (and strip it from the address).
      const { socials } = ctx.store.get().features
      const view = document.defaultView
      if (view && Array.isArray(socials) && socials.length > 0)
        void import('./social/socialLogin.js').then(
          ({ resumeSocialLogin }) => resumeSocialLogin(ctx, view),
          () => undefined,
        )
      return { load, connector, ui }
    },
  }
}
