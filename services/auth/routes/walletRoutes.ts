import { Hono } from 'hono'
import { base64urlToBytes } from '../../../crypto/encoding.js'
import { ApiError } from '../../api/http/apiError.js'
import type { AuthContext } from '../authContext.js'
import { authErrors } from '../errors.js'
import { authPaths } from '../protocol/paths.js'
import { createWalletBody, scopedBody, walletShareBody } from '../protocol/schemas.js'
import { sealToDevice } from '../protocol/sealing.js'
import { authenticate, parseBody, rawBody, scopeOf } from '../requests.js'

function shareBytes(text: string): Uint8Array {
  try {
    return base64urlToBytes(text)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'authShare: not canonical base64url')
  }
}

/**
 * The user's wallet: POST wallet stores it once; wallet/share releases the auth share sealed to the
 * requesting device's agreement key (`export` only within a fresh re-authentication); wallet/recovery
 * gives the recovery blob back.
 */
export function walletRoutes(ctx: AuthContext): Hono {
  return new Hono()
    .post(authPaths.wallet, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, createWalletBody)
      await scopeOf(ctx, body)
      const { user } = await authenticate(ctx, c, raw, body.projectId)
      const { walletId, address, recovery } = body
      const created = await ctx.wallets.create(
        user.id,
        { walletId, address, authShare: shareBytes(body.authShare), recovery },
        ctx.now(),
      )
      if (!created) throw authErrors.walletExists()
      return c.json({ walletId, address, version: 1 })
    })
    .post(authPaths.walletShare, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, walletShareBody)
      await scopeOf(ctx, body)
      const { session, user, device } = await authenticate(ctx, c, raw, body.projectId)
      if (body.purpose === 'export' && session.freshUntil <= ctx.now()) throw authErrors.reauthRequired()
      const wallet = await ctx.wallets.withShare(user.id)
      if (!wallet) throw authErrors.noWallet()
      const { authShare, ...record } = wallet
      const sealed = await sealToDevice(device.agreementKey, authShare)
      authShare.fill(0)
      return c.json({ ...record, sealed })
    })
    .post(authPaths.walletRecovery, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, scopedBody)
      await scopeOf(ctx, body)
      const { user } = await authenticate(ctx, c, raw, body.projectId)
      const wallet = await ctx.wallets.withRecovery(user.id)
      if (!wallet) throw authErrors.noWallet()
      return c.json(wallet)
    })
}
