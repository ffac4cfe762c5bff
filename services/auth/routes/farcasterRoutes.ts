import { Hono } from 'hono'
import type { Hex } from 'viem'
import { effectiveFeatures } from '../../api/projects/project.js'
import { clientKey } from '../../kit/index.js'
import type { AuthContext } from '../authContext.js'
import { clientIp } from '../clientIp.js'
import { authErrors } from '../errors.js'
import type { FarcasterSignIn } from '../farcaster/farcasterSignIn.js'
import type { FarcasterLogin } from '../farcaster/loginStore.js'
import { relayProfile } from '../farcaster/relayProfile.js'
import type { CompletedRelayStatus } from '../farcaster/relayStatus.js'
import { FarcasterRefusal, type VerifiedSignIn } from '../farcaster/signInVerifier.js'
import { authPaths } from '../protocol/paths.js'
import { farcasterConnectBody, farcasterStartBody } from '../protocol/schemas.js'
import { deviceOf, parseBody, projectOf, rawBody } from '../requests.js'
import { openSession } from './openSession.js'

/**
 * Sign In With Farcaster (SOC-05, research §4.4), with this service a client of the configured relay.
 * farcaster/start opens a relay channel for the signing device and the verified host origin, with this
 * service's domain and a nonce of its own; farcaster/connect, signed by that device, answers pending
 * until a Farcaster app completed the channel at the relay, then verifies what the app signed (nonce,
 * domain, URI, signature, custody or auth address on Optimism: the relay is not trusted with any of it) and
 * opens a session of the fid's identity, once.
 */
export function farcasterRoutes(ctx: AuthContext, farcaster: FarcasterSignIn): Hono {
  const verified = async (login: FarcasterLogin, done: CompletedRelayStatus): Promise<VerifiedSignIn> => {
    try {
      const signIn = await farcaster.verifier.verify({
        message: done.message,
        signature: done.signature as Hex,
        nonce: login.nonce,
        domain: farcaster.config.domain,
        uri: farcaster.config.siweUri,
        now: ctx.now(),
      })
      if (signIn.fid !== BigInt(done.fid))
        throw new FarcasterRefusal(`Invalid fid: the message signs in fid ${signIn.fid}, not ${done.fid}`)
      return signIn
    } catch (error) {
      // Anything else is the Optimism RPC failing, an upstream's fault as the relay's is.
      if (!(error instanceof FarcasterRefusal)) {
        ctx.logger.warn('farcaster sign-in: Optimism could not be read', { error: String(error) })
        throw authErrors.farcasterChainFailed()
      }
      ctx.logger.warn('farcaster sign-in refused', { reason: error.message })
      throw authErrors.farcasterRefused(error.message)
    }
  }

  // A poll past its share is not an error: the frame polls again, and the next one in time asks the relay.
  const withinPollShare = async (login: FarcasterLogin, ip: string): Promise<boolean> => {
    const { farcasterPolls: polls, limits } = ctx
    return (
      (await polls.take(`login:${login.tokenHash}`, limits.farcasterPollsPerLogin)) &&
      (await polls.take(`ip:${clientKey(ip)}`, limits.farcasterPollsPerIp))
    )
  }

  return new Hono()
    .post(authPaths.farcasterStart, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, farcasterStartBody)
      const project = await projectOf(ctx, c, body)
      const socials = effectiveFeatures(project).socials
      if (!socials || !socials.includes('farcaster')) throw authErrors.farcasterDisabled()
      await ctx.proofs.check(c, raw, body.device.signingKey)
      const opened = await farcaster.open(
        {
          projectId: project.id,
          hostOrigin: body.hostOrigin,
          device: await deviceOf(body.device),
          ip: clientIp(ctx, c),
        },
        ctx.now(),
      )
      return c.json(opened)
    })
    .post(authPaths.farcasterConnect, async (c) => {
      const raw = await rawBody(c)
      const body = parseBody(raw, farcasterConnectBody)
      const project = await projectOf(ctx, c, body)
      const login = await farcaster.live(body.channelToken, ctx.now())
      if (login.projectId !== project.id || login.hostOrigin !== body.hostOrigin)
        throw authErrors.channelInvalid()
      await ctx.proofs.check(c, raw, login.device.signingKey)
      if (!(await withinPollShare(login, clientIp(ctx, c)))) return c.json({ state: 'pending' as const })
      const status = await farcaster.status(body.channelToken)
      if (status.state === 'pending') return c.json({ state: 'pending' as const })
      const signIn = await verified(login, status)
      if (!(await farcaster.logins.use(login.tokenHash, ctx.now()))) throw authErrors.channelInvalid()
      const { username, displayName } = relayProfile(status)
      const identity = await ctx.identities.resolve(
        {
          provider: 'farcaster',
          subject: String(signIn.fid),
          email: null,
          emailVerified: false,
          name: displayName ?? username ?? null,
        },
        ctx.now(),
      )
      // The fid's custody (or its auth address) signed this login's nonce: the device is approved for it.
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
          // The answer names a username always: without a valid one it is the fid, marked with a `!`
          // that no fname has, so it is never taken for someone's name.
          username: username ?? `!${signIn.fid}`,
        },
        wallet,
      })
    })
}
