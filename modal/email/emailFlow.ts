import { showServerTextAlert } from '../controllers/alerts.js'
import { connect } from '../controllers/connection.js'
import type { ModalContext } from '../controllers/context.js'
import { WalletError } from '../controllers/errors.js'
import { closeAfterConnect } from '../controllers/modal.js'
import { push, replace, reset } from '../controllers/router.js'
import type { EmbeddedWallet } from '../embedded/index.js'

/** The embedded wallet of this modal instance, loading it on first use (ERR-28 when its code cannot load). */
export function embeddedWallet(ctx: ModalContext): Promise<EmbeddedWallet> {
  if (!ctx.embedded) return Promise.reject(new WalletError('EMBEDDED_WALLET_OFF'))
  return ctx.embedded()
}

/** The login is done in the frame: the auth connector connects (GET_USER gives the address) and the modal closes. */
export async function finishLogin(ctx: ModalContext): Promise<void> {
  const auth = ctx.store.get().connectors.find((c) => c.type === 'AUTH')
  if (!auth) throw new WalletError('EMBEDDED_WALLET_OFF')
  const network = ctx.store.get().activeNetwork
  if (ctx.signIn && network?.chainNamespace === 'eip155') {
    // SIWX-07: the frame signs the sign-in message as part of the login; no SIWXSignMessage follows.
    const { client } = await embeddedWallet(ctx)
    const chainId = Number(network.id)
    const { address } = await client.getUser({ chainId })
    // A refused sign-in does not undo the login: the flow then asks on SIWXSignMessage as for any wallet.
    await ctx.signIn
      .signInThrough(network, address, async (siwxMessage) => {
        const user = await client.getUser({ chainId, siwxMessage })
        if (!user.signature) throw new WalletError('SIGN_MESSAGE_FAILED')
        return user.signature
      })
      .catch(() => undefined)
  }
  await connect(ctx, { connectorId: auth.id })
  closeAfterConnect(ctx)
}

/**
 * EMAIL-02, EMAIL-03, EMAIL-04: the frame mails a code (VERIFY_OTP), asks to approve this device first
 * (VERIFY_DEVICE) or finds a live session (CONNECT).
 */
export async function loginWithEmail(ctx: ModalContext, email: string): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  const { action } = await client.connectEmail({ email }).catch((error: unknown) => {
    // ERR-16: an origin the project no longer allows is 'Invalid App Configuration', as from the api.
    if (error instanceof Error) showServerTextAlert(ctx, error.message)
    throw error
  })
  if (action === 'VERIFY_DEVICE') push(ctx, { view: 'EmailVerifyDevice', data: { email } })
  else if (action === 'VERIFY_OTP') push(ctx, { view: 'EmailVerifyOtp', data: { email } })
  else await finishLogin(ctx)
}

/** EMAIL-02: waits until the mailed link approved this device, then asks for the code. */
export async function awaitDeviceApproval(ctx: ModalContext, email: string): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  await client.connectDevice()
  replace(ctx, { view: 'EmailVerifyOtp', data: { email } })
}

/** EMAIL-03: the code is typed inside the frame (shown over the view), never in this page. */
export async function awaitCode(ctx: ModalContext): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  await client.connectOtp({})
  await finishLogin(ctx)
}

/** EMAIL-06, EMAIL-07: the new email is checked, then one or two codes are asked for. */
export async function startEmailChange(ctx: ModalContext, email: string, newEmail: string): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  const { action } = await client.updateEmail({ email: newEmail })
  push(ctx, {
    view: action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp',
    data: { email, newEmail },
  })
}

export async function confirmCurrentEmail(ctx: ModalContext, data: { email: string; newEmail: string }) {
  const { client } = await embeddedWallet(ctx)
  await client.updateEmailPrimaryOtp({})
  replace(ctx, { view: 'UpdateEmailSecondaryOtp', data })
}

/** EMAIL-08: the new email is stored (the frame client's cache) and Account shows it. */
export async function confirmNewEmail(ctx: ModalContext): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  await client.updateEmailSecondaryOtp({})
  reset(ctx, { view: 'Account' })
}

/** The export view lives in the frame only; this asks for it like any unsafe request (ApproveTransaction). */
export async function exportWallet(ctx: ModalContext): Promise<void> {
  const { provider } = await embeddedWallet(ctx)
  await provider.request({ method: 'pairwise_exportWallet' })
}
