import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'
import { Hono } from 'hono'
import { ApiError } from '../../api/http/apiError.js'
import type { AuthContext } from '../authContext.js'
import { clientIp } from '../clientIp.js'
import { sendMail } from '../codes.js'
import { authErrors } from '../errors.js'
import { authMails } from '../mails.js'
import { oprfElement } from '../oprfKeys.js'
import { authPaths } from '../protocol/paths.js'
import {
  createWalletBody,
  recoveryEvaluateBody,
  walletRecoveryBody,
  walletShareBody,
} from '../protocol/schemas.js'
import { sealToDevice } from '../protocol/sealing.js'
import { authenticate, parseBody, rawBody, sessionScopeOf } from '../requests.js'
import { tokenMatches } from '../secrets.js'

function shareBytes(text: string): Uint8Array {
  try {
    return base64urlToBytes(text)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'authShare: not canonical base64url')
  }
}

/**
 * The user's wallet (research §2.2, issue 31 finding 3). POST wallet stores it once, the device that made
 * it as its first holder. wallet/share releases the auth share sealed to the requesting device, and only
 * to a device that holds a share (`export` only within a fresh re-authentication). Recovery on any other
 * device goes through this server twice: wallet/recovery/evaluate applies the user's OPRF key to the
 * blinded passphrase (a fresh code needed, every evaluation a counted guess), and wallet/recovery gives
 * the blob back only for the proof the right passphrase derives, then makes the device a holder and
 * tells the mailbox. A read mailbox therefore yields neither the blob nor the auth share, and each
 * passphrase guess is one throttled request.
 */
export function walletRoutes(ctx: AuthContext): Hono {
  return new Hono()
    .post(authPaths.wallet, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, createWalletBody)
      await sessionScopeOf(ctx, c, body)
      const { user, device } = await authenticate(ctx, c, raw, body.projectId)
      const { walletId, address, recovery, recoveryProof } = body
      const created = await ctx.wallets.create(
        user.id,
        device.id,
        { walletId, address, authShare: shareBytes(body.authShare), recovery, recoveryProof },
        ctx.now(),
      )
      if (!created) throw authErrors.walletExists()
      // The evaluation that set the passphrase counted as a guess.
      await ctx.recoveryGuard.proven(user.id)
      return c.json({ walletId, address, version: 1 })
    })
    .post(authPaths.walletShare, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, walletShareBody)
      await sessionScopeOf(ctx, c, body)
      const { session, user, device } = await authenticate(ctx, c, raw, body.projectId)
      if (body.purpose === 'export' && session.freshUntil <= ctx.now()) throw authErrors.reauthRequired()
      const wallet = await ctx.wallets.forDevice(user.id, device.id)
      if (!wallet) throw authErrors.noWallet()
      if (!wallet.holder) throw authErrors.recoveryRequired()
      const { walletId, address, version, authShare } = wallet
      const sealed = await sealToDevice(device.agreementKey, authShare)
      authShare.fill(0)
      return c.json({ walletId, address, version, sealed })
    })
    .post(authPaths.walletRecoveryEvaluate, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, recoveryEvaluateBody)
      const project = await sessionScopeOf(ctx, c, body)
      const { session, user } = await authenticate(ctx, c, raw, body.projectId)
      const now = ctx.now()
      if (session.freshUntil <= now) throw authErrors.reauthRequired()
      const blinded = oprfElement(body.blinded)
      const wallet = await ctx.wallets.withRecovery(user.id)
      if (wallet && !wallet.recovery) throw authErrors.recoveryUnavailable()
      const { pausedMs } = await ctx.recoveryGuard.take(user.id, clientIp(ctx, c), now)
      if (pausedMs !== undefined && user.email !== null)
        await sendMail(
          ctx,
          authMails.recoveryPaused(user.email, project, Math.round(pausedMs / 60_000)),
        ).catch(() => undefined)
      const evaluated = await ctx.oprfKeys.evaluate(user.id, blinded, now)
      const kdf = wallet?.recovery
        ? { iterations: wallet.recovery.blob.iterations, salt: wallet.recovery.blob.salt }
        : null
      return c.json({ evaluated: bytesToBase64url(evaluated), kdf })
    })
    .post(authPaths.walletRecovery, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, walletRecoveryBody)
      const project = await sessionScopeOf(ctx, c, body)
      const { user, device } = await authenticate(ctx, c, raw, body.projectId)
      const wallet = await ctx.wallets.withRecovery(user.id)
      if (!wallet) throw authErrors.noWallet()
      const { recovery, ...record } = wallet
      if (!recovery) throw authErrors.recoveryUnavailable()
      if (!tokenMatches(body.proof, recovery.proofHash)) throw authErrors.wrongPassphrase()
      const now = ctx.now()
      if (!(await ctx.wallets.holds(user.id, device.id))) {
        // The mail goes first: when it cannot be sent, nothing is released (the owner always hears of it).
        // A social user has no mailbox here; their provider login and the passphrase are the whole proof.
        const request = { hostOrigin: body.hostOrigin, ip: clientIp(ctx, c), at: now }
        if (user.email !== null) await sendMail(ctx, authMails.walletRecovered(user.email, project, request))
        await ctx.wallets.addHolder(user.id, device.id, now)
      }
      await ctx.recoveryGuard.proven(user.id)
      return c.json({ ...record, recovery: recovery.blob })
    })
}
