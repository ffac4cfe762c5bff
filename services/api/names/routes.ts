import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import { clientKey } from '../../kit/index.js'
import { ApiError } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import type { RouteDeps } from '../http/types.js'
import { validJson } from '../http/validate.js'
import { clientBudgetKey } from '../projects/clientBudget.js'
import { requireFeature } from '../projects/requireFeature.js'
import { sharedStateOf } from '../sharedStateOf.js'
import { namesErrors } from './errors.js'
import { namesLimits } from './limits.js'
import { acceptedLabel, labelInZone, storedName } from './namePolicy.js'
import { nameRecord } from './nameRecord.js'
import { type NameSignatureCheck, registerName } from './registerName.js'
import { registerBodySchema } from './schema.js'
import type { NameStore } from './store.js'

export type NameRouteOptions = {
  store: NameStore
  /** Full names are `<label>.<zone>`. */
  zone: string
  /** The chain ids whose ENSIP-11 coin types registration accepts. */
  chainIds: readonly number[]
  verify: NameSignatureCheck
  maxNames?: number
  /** Names registered through one project at most; default namesLimits.maxNamesPerProject. */
  maxNamesPerProject?: number
  /** Names one client registers through one project at most; default namesLimits.namesPerClientPerProject. */
  namesPerClientPerProject?: number
  /** Names one client registers an hour at most; default namesLimits.registrationsPerClientPerHour. */
  registrationsPerClientPerHour?: number
}

/**
 * The names service with AppKit's shapes (every route takes `?projectId=` and its guard):
 * `GET /v1/names/:name`, `GET /v1/names/suggestions/:label`, `GET /v1/names/reverse/:address` and
 * `POST /v1/names`. Refusals are `{ status, reasons: [{ name, description }] }`; caps in ./limits.ts.
 */
export function nameRoutes(deps: RouteDeps & NameRouteOptions): Hono {
  const chainIds = new Set(deps.chainIds)
  const perClient = sharedStateOf(deps).counter('names-client', {
    windowMs: 60 * 60_000,
    maxKeys: namesLimits.maxTrackedClients,
    now: deps.now,
  })
  const registrationsPerClient =
    deps.registrationsPerClientPerHour ?? namesLimits.registrationsPerClientPerHour
  const maxNamesPerProject = deps.maxNamesPerProject ?? namesLimits.maxNamesPerProject
  const namesPerClient = deps.namesPerClientPerProject ?? namesLimits.namesPerClientPerProject
  return new Hono()
    .get('/v1/names/suggestions/:label', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'names')
      const typed = c.req.param('label')
      const suffix = `.${deps.zone}`
      const label = acceptedLabel(labelInZone(typed, deps.zone) ?? typed)
      const [own, ...variants] = [
        label,
        ...Array.from({ length: 2 * namesLimits.suggestions }, (_, i) => `${label}${i + 1}`),
      ]
        .filter((each) => each.length <= namesLimits.maxLabelLength)
        .map((each) => `${each}${suffix}`)
      const taken = await deps.store.registered(own ? [own, ...variants] : variants)
      // The label alone when it is free (the modal shows it as available), else free variants of it.
      const free =
        own && !taken.has(own)
          ? [own]
          : variants.filter((name) => !taken.has(name)).slice(0, namesLimits.suggestions)
      return c.json({ suggestions: free.map((name) => ({ name, registered: false })) })
    })
    .get('/v1/names/reverse/:address', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'names')
      const address = c.req.param('address')
      if (!isAddress(address, { strict: false }))
        throw namesErrors.invalidRequest('address: expected an address')
      const rows = await deps.store.byAddress(getAddress(address))
      return c.json(rows.map(nameRecord))
    })
    .get('/v1/names/:name', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'names')
      const name = storedName(c.req.param('name'), deps.zone)
      const row = name === undefined ? undefined : await deps.store.byName(name)
      if (!row) throw namesErrors.notFound()
      return c.json(nameRecord(row))
    })
    .post('/v1/names', async (c) => {
      const request = apiRequest(c)
      const project = requireFeature(await deps.project(request), 'names')
      // Names are one namespace, so a client's registrations count across every project it names. Only
      // names added count: a refusal is given back (a client's attempts are under the guard's budget).
      const client = clientKey(request.client())
      if (!(await perClient.take(client, registrationsPerClient)))
        throw namesErrors.clientLimited(perClient.retryAfterSeconds())
      try {
        const body = await validJson(c.req, registerBodySchema).catch((error: unknown) => {
          throw error instanceof ApiError ? namesErrors.invalidRequest(error.message) : error
        })
        const record = await registerName(body, {
          store: deps.store,
          zone: deps.zone,
          chainIds,
          verify: deps.verify,
          nowMs: deps.now(),
          maxNames: deps.maxNames ?? namesLimits.maxNames,
          quota: {
            projectId: project.id,
            maxNames: maxNamesPerProject,
            clientKey: clientBudgetKey(project.id, request.client()),
            maxPerClient: namesPerClient,
          },
        })
        return c.json(record)
      } catch (error) {
        await perClient.refund(client)
        throw error
      }
    })
}
