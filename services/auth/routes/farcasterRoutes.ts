import { type Context, Hono } from 'hono'
import type { Hex } from 'viem'
import { effectiveFeatures } from '../../api/projects/project.js'
import type { AuthContext } from '../authContext.js'
import { authErrors } from '../errors.js'
import type { Channel } from '../farcaster/channelStore.js'
import type { FarcasterSignIn } from '../farcaster/farcasterSignIn.js'
import { authenticateBody, createChannelBody } from '../farcaster/relaySchemas.js'
import { FarcasterRefusal, type VerifiedSignIn } from '../farcaster/signInVerifier.js'
import { deviceIdOf } from '../protocol/deviceProof.js'
import { authPaths, relayPaths } from '../protocol/paths.js'
import { farcasterConnectBody, farcasterStartBody } from '../protocol/schemas.js'
import { bearerToken, clientIp, parseBody, projectOf, rawBody } from '../requests.js'
import { hashToken, tokenMatches } from '../secrets.js'
import { openSession } from './openSession.js'

const relayKeyHeader = 'x-farcaster-auth-relay-key'

/** The relay's status answer: pending, or completed with what the Farcaster app posted. */
function channelStatus(channel: Channel) {
  const done = channel.completion
  if (!done) return { state: 'pending' as const, nonce: channel.nonce, url: channel.url }
  return {
    state: 'completed' as const,
    nonce: channel.nonce,
    url: channel.url,
    message: done.message,
    signature: done.signature,
    fid: Number(done.fid),
    username: done.username,
    displayName: done.displayName ?? undefined,
    bio: done.bio ?? undefined,
    pfpUrl: done.pfpUrl ?? undefined,
    custody: done.custody ?? undefined,
  }
}

/**
 * Sign In With Farcaster (SOC-05, research §4.4). The relay: anyone opens a channel (capped per IP),
 * the Farcaster app that scanned its URL posts the signed message with the relay key, and the channel's
 * holder reads its status. The login: farcaster/start opens a channel bound to the signing device and
 * the verified host origin, with this service's domain; farcaster/connect, signed by that device,
 * answers pending until the app completed it, then verifies the message (nonce, domain, signature,
 * custody or auth address on Optimism) and opens a session of the fid's identity, once.
 */
export function farcasterRoutes(ctx: AuthContext, farcaster: FarcasterSignIn): Hono {
  const channelOf = (c: Context) => {
    const token = bearerToken(c)
    if (!token) throw authErrors.channelInvalid()
    return farcaster.live(token, ctx.now()).then((channel) => ({ token, channel }))
  }

  const verified = async (channel: Channel): Promise<VerifiedSignIn> => {
    const done = channel.completion
    if (!done) throw new Error('only a completed channel is verified')
    try {
      const signIn = await farcaster.verifier.verify({
        message: done.message,
        signature: done.signature as Hex,
        nonce: channel.nonce,
        domain: farcaster.config.domain,
        now: ctx.now(),
      })
      if (String(signIn.fid) !== done.fid)
        throw new FarcasterRefusal(`Invalid fid: the message signs in fid ${signIn.fid}, not ${done.fid}`)
      return signIn
    } catch (error) {
      if (!(error instanceof FarcasterRefusal)) throw error
      ctx.logger.warn('farcaster sign-in refused', { reason: error.message })
      throw authErrors.farcasterRefused(error.message)
    }
  }

  return new Hono()
    .post(relayPaths.channel, async (c) => {
      const body = parseBody(await rawBody(c), createChannelBody)
      return c.json(await farcaster.open(body, clientIp(ctx, c), ctx.now()), 201)
    })
    .get(relayPaths.channelStatus, async (c) => {
      const { channel } = await channelOf(c)
      const status = channelStatus(channel)
      return c.json(status, status.state === 'pending' ? 202 : 200)
    })
    .post(relayPaths.channelAuthenticate, async (c) => {
      if (!tokenMatches(c.req.header(relayKeyHeader) ?? '', hashToken(farcaster.config.relayKey)))
        throw authErrors.relayKeyInvalid()
      const { token } = await channelOf(c)
      const body = parseBody(await rawBody(c), authenticateBody)
      const custody = await farcaster.verifier.custodyOf(BigInt(body.fid))
      const completion = {
        message: body.message,
        signature: body.signature,
        fid: String(body.fid),
        username: body.username,
        displayName: body.displayName ?? null,
        bio: body.bio ?? null,
        pfpUrl: body.pfpUrl ?? null,
        custody,
      }
      if (!(await farcaster.channels.complete(hashToken(token), completion, ctx.now())))
        throw authErrors.channelCompleted()
      const { channel } = await channelOf(c)
      return c.json(channelStatus(channel), 201)
    })
    .post(authPaths.farcasterStart, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, farcasterStartBody)
      const project = await projectOf(ctx, body)
      const socials = effectiveFeatures(project).socials
      if (!socials || !socials.includes('farcaster')) throw authErrors.farcasterDisabled()
      await ctx.proofs.check(c, raw, body.device.signingKey)
      const { domain, siweUri } = farcaster.config
      const opened = await farcaster.open({ domain, siweUri }, clientIp(ctx, c), ctx.now(), {
        projectId: project.id,
        hostOrigin: body.hostOrigin,
        device: { id: await deviceIdOf(body.device.signingKey), ...body.device },
      })
      return c.json(opened)
    })
    .post(authPaths.farcasterConnect, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, farcasterConnectBody)
      const project = await projectOf(ctx, body)
      const channel = await farcaster.live(body.channelToken, ctx.now())
      const login = channel.login
      if (!login || channel.used || login.projectId !== project.id || login.hostOrigin !== body.hostOrigin)
        throw authErrors.channelInvalid()
      await ctx.proofs.check(c, raw, login.device.signingKey)
      if (!channel.completion) return c.json({ state: 'pending' as const })
      const signIn = await verified(channel)
      if (!(await farcaster.channels.use(channel.tokenHash, ctx.now()))) throw authErrors.channelInvalid()
      const username = channel.completion.username
      const identity = await ctx.identities.resolve(
        {
          provider: 'farcaster',
          subject: String(signIn.fid),
          email: null,
          emailVerified: false,
          name: channel.completion.displayName ?? username,
        },
        ctx.now(),
      )
      // The fid's custody (or its auth address) signed this channel's nonce: the device is approved for it.
      const { session, wallet } = await openSession(ctx, identity.userId, login.device, project)
      return c.json({
        state: 'completed' as const,
        session,
        user: {
          id: identity.userId,
          provider: 'farcaster' as const,
          email: null,
          name: identity.name,
          fid: Number(signIn.fid),
          username,
        },
        wallet,
      })
    })
}
