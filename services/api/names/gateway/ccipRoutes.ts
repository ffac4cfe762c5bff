import type { Context } from 'hono'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { Hex } from 'viem'
import { clientKey } from '../../../kit/index.js'
import type { SharedState } from '../../../sharedState/index.js'
import { ApiError, rateLimited } from '../../http/apiError.js'
import { apiRequest } from '../../http/clientAddress.js'
import { validJson } from '../../http/validate.js'
import { sharedStateOf } from '../../sharedStateOf.js'
import { namesLimits } from '../limits.js'
import { type CcipRequest, ccipRequestSchema } from '../schema.js'
import type { NameStore } from '../store.js'
import { answerLookup } from './answerLookup.js'
import { decodeResolveRequest } from './resolverCall.js'
import { signAnswer } from './signAnswer.js'

export type CcipGatewayOptions = {
  store: NameStore
  zone: string
  /** The key whose address is on the offchain resolver's signer list. */
  signerKey: Hex
  now: () => number
  /** Where the per-client lookup counts live: one Redis for several processes; else this one. */
  shared?: SharedState
  /** Lookups one client makes a minute at most; default namesLimits.ccipLookupsPerClientPerMinute. */
  lookupsPerClientPerMinute?: number
}

// Any page's ENS client (viem, ethers) may ask, from any origin: the answers are public and signed. Its
// refusals (400, 429) say so too, or a browser client reads them as a network failure without the status.
const openToEveryOrigin = cors({
  origin: '*',
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['content-type'],
  maxAge: 600,
})

/**
 * The EIP-3668 gateway of the offchain resolver: `GET /ccip/{sender}/{data}.json` and `POST /ccip`
 * (`{ sender, data }`) answer `{ data }`, the resolver's answer signed for `sender` and valid 5 minutes.
 * Malformed requests get a 400, which ends the client's lookup (no retry on another URL). A client past
 * its lookups a minute gets a 429.
 */
export function ccipGatewayRoutes(options: CcipGatewayOptions): Hono {
  // No project guard stands before these public routes, and each answer is a signature (about 8 times a
  // 404's CPU), so one client alone could keep a core busy.
  const perClient = sharedStateOf(options).counter('names-ccip-client', { now: options.now })
  const lookupsPerClient = options.lookupsPerClientPerMinute ?? namesLimits.ccipLookupsPerClientPerMinute
  const answer = async (c: Context, request: CcipRequest) => {
    const lookup = decodeResolveRequest(request.data as Hex)
    if (!lookup)
      throw new ApiError(
        400,
        'INVALID_REQUEST',
        'data: not a resolve(bytes,bytes) call of a supported profile',
      )
    const result = await answerLookup(lookup, options.store, options.zone)
    const data = await signAnswer({
      resolver: request.sender as Hex,
      request: request.data as Hex,
      result,
      expires: Math.floor(options.now() / 1000) + namesLimits.answerLifeSeconds,
      signerKey: options.signerKey,
    })
    return c.json({ data }, 200)
  }
  const counted = async (c: Context) => {
    const client = clientKey(apiRequest(c).client())
    if (!(await perClient.take(client, lookupsPerClient))) throw rateLimited(perClient.retryAfterSeconds())
  }
  const parsed = (input: unknown) => {
    const result = ccipRequestSchema.safeParse(input)
    if (!result.success)
      throw new ApiError(400, 'INVALID_REQUEST', 'expected a sender address and hex call data')
    return result.data
  }

  return new Hono()
    .use('/ccip', openToEveryOrigin)
    .use('/ccip/*', openToEveryOrigin)
    .get('/ccip/:sender/:file', async (c) => {
      const file = c.req.param('file')
      if (!file.endsWith('.json')) throw new ApiError(404, 'NOT_FOUND', 'Not Found')
      await counted(c)
      return answer(c, parsed({ sender: c.req.param('sender'), data: file.slice(0, -'.json'.length) }))
    })
    .post('/ccip', async (c) => {
      await counted(c)
      return answer(c, await validJson(c.req, ccipRequestSchema))
    })
}
