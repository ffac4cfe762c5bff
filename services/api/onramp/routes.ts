import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { pageHeaders } from '../../kit/index.js'
import { ApiError } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import { namedProjectRequest } from '../http/namedProjectRequest.js'
import { publicBase } from '../http/publicBase.js'
import type { RouteDeps } from '../http/types.js'
import { validJson, validQuery } from '../http/validate.js'
import { requireFeature } from '../projects/requireFeature.js'
import {
  checkoutCsp,
  checkoutErrorPage,
  checkoutPage,
  checkoutStylesheet,
  orderPage,
} from './checkoutPage.js'
import { onrampErrors } from './errors.js'
import type { OnrampSandbox } from './sandbox.js'
import {
  checkoutFormSchema,
  idempotencyKeySchema,
  orderBodySchema,
  orderIdSchema,
  ordersQuerySchema,
  paymentBodySchema,
  quoteBodySchema,
  quoteIdSchema,
} from './schema.js'
import type { CreateOutcome, StoredOrder } from './store.js'

export type OnrampRouteOptions = {
  sandbox: OnrampSandbox
  /**
   * This api's public URL (`https://api.example.com`, or with a path behind a proxy), the base of the
   * checkout URLs; the request's own origin without it.
   */
  publicUrl?: string
}

const checkoutHeaders = pageHeaders(checkoutCsp)

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T {
  const result = schema.safeParse(value)
  if (!result.success) throw new ApiError(400, 'INVALID_REQUEST', 'Invalid request')
  return result.data
}

function settled(outcome: CreateOutcome): { order: StoredOrder; created: boolean } {
  switch (outcome.kind) {
    case 'created':
    case 'existing':
      return { order: outcome.order, created: outcome.kind === 'created' }
    case 'idempotency-conflict':
      throw onrampErrors.idempotencyConflict()
    case 'quote-used':
      throw onrampErrors.quoteUsed()
    case 'too-many':
      throw onrampErrors.tooManyAwaiting()
    case 'too-many-for-client':
      throw onrampErrors.tooManyOpenForClient()
  }
}

/**
 * The sandbox onramp. JSON under `/v1/onramp` (each with `?projectId=` and its guard): `GET options`,
 * `POST quote`, `POST orders` (`{ quoteId }`, optional Idempotency-Key), `POST orders/:id/payment` (`{ quoteId, card }`),
 * `GET orders?address=&since=`, `GET orders/:id`. Pages under `/sandbox` (no script, strict CSP): the
 * checkout `GET|POST /sandbox/checkout/:quoteId` and the order's status `GET /sandbox/orders/:id`.
 * Caps in ./limits.ts.
 */
export function onrampRoutes(deps: RouteDeps & OnrampRouteOptions): Hono {
  const { sandbox } = deps
  const base = publicBase(deps.publicUrl)
  const checkoutUrl = (c: Context, quoteId: string) =>
    `${base ?? new URL(c.req.url).origin}/sandbox/checkout/${encodeURIComponent(quoteId)}`
  const orderPath = (id: string) => `${base ?? ''}/sandbox/orders/${id}`
  const ownOrder = async (projectId: string, id: string) => {
    const order = await sandbox.find(parsed(orderIdSchema, id))
    if (!order || order.projectId !== projectId) throw onrampErrors.orderNotFound()
    return order
  }
  // The checkout pages name no project in their URL: the quote or order the api signed names it.
  const onrampOnFor = async (c: Context, projectId: string) =>
    requireFeature(await deps.project(namedProjectRequest(projectId, apiRequest(c).client())), 'onramp')
  const html = (c: Context, body: string, status: 200 | 400 | 403 | 404 | 409 | 429 = 200) => {
    for (const [name, value] of Object.entries(checkoutHeaders)) c.header(name, value)
    return c.html(body, status)
  }
  const pageError = (c: Context, error: unknown) => {
    if (!(error instanceof ApiError)) throw error
    const status =
      error.status === 403 || error.status === 404 || error.status === 409 || error.status === 429
        ? error.status
        : 400
    return html(c, checkoutErrorPage(error.message), status)
  }

  return new Hono()
    .get('/v1/onramp/options', async (c) => {
      requireFeature(await deps.project(apiRequest(c)), 'onramp')
      return c.json(sandbox.options())
    })
    .post('/v1/onramp/quote', async (c) => {
      const project = requireFeature(await deps.project(apiRequest(c)), 'onramp')
      const body = await validJson(c.req, quoteBodySchema)
      return c.json(await sandbox.quote(project.id, body))
    })
    .post('/v1/onramp/orders', async (c) => {
      const project = requireFeature(await deps.project(apiRequest(c)), 'onramp')
      const header = c.req.header('idempotency-key')
      const key = header === undefined ? undefined : parsed(idempotencyKeySchema, header)
      const { quoteId } = await validJson(c.req, orderBodySchema)
      const { order, created } = settled(
        await sandbox.order(quoteId, key, apiRequest(c).client(), project.id),
      )
      return c.json(
        { ...sandbox.answer(order), checkoutUrl: checkoutUrl(c, order.quoteId) },
        created ? 201 : 200,
      )
    })
    .post('/v1/onramp/orders/:id/payment', async (c) => {
      const project = requireFeature(await deps.project(apiRequest(c)), 'onramp')
      const id = parsed(orderIdSchema, c.req.param('id'))
      const { quoteId, card } = await validJson(c.req, paymentBodySchema)
      // The id alone is no proof: anyone naming the buyer's address lists it. The quote only the buyer got is.
      const { order } = await sandbox.checkout(quoteId)
      if (!order || order.id !== id || order.projectId !== project.id) throw onrampErrors.orderNotFound()
      return c.json(sandbox.answer(await sandbox.pay(order, card.number)))
    })
    .get('/v1/onramp/orders', async (c) => {
      const project = requireFeature(await deps.project(apiRequest(c)), 'onramp')
      const { address, since } = validQuery(c.req, ordersQuerySchema)
      const orders = await sandbox.list(project.id, address, since ?? 0)
      return c.json(orders.map((order) => sandbox.answer(order)))
    })
    .get('/v1/onramp/orders/:id', async (c) => {
      const project = requireFeature(await deps.project(apiRequest(c)), 'onramp')
      return c.json(sandbox.answer(await ownOrder(project.id, c.req.param('id'))))
    })
    .get('/sandbox/checkout.css', (c) => {
      c.header('content-type', 'text/css; charset=utf-8')
      c.header('cache-control', 'public, max-age=3600')
      return c.body(checkoutStylesheet)
    })
    .get('/sandbox/checkout/:quoteId', async (c) => {
      try {
        const quoteId = parsed(quoteIdSchema, c.req.param('quoteId'))
        const { terms, order } = await sandbox.checkout(quoteId)
        await onrampOnFor(c, terms.projectId)
        if (order && order.status !== 'CREATED') return c.redirect(orderPath(order.id), 303)
        const asset = sandbox.assets.find((each) => each.currency.id === terms.currency)
        if (!asset) throw onrampErrors.unsupportedCurrency(terms.currency)
        return html(c, checkoutPage(terms, asset, randomBytes(18).toString('base64url')))
      } catch (error) {
        return pageError(c, error)
      }
    })
    .post('/sandbox/checkout/:quoteId', async (c) => {
      try {
        const quoteId = parsed(quoteIdSchema, c.req.param('quoteId'))
        const { terms, order: ordered } = await sandbox.checkout(quoteId)
        await onrampOnFor(c, terms.projectId)
        const form = parsed(checkoutFormSchema, Object.fromEntries(new URLSearchParams(await c.req.text())))
        // The order the modal created for this quote, else one named by the form's own key.
        const order =
          ordered ?? settled(await sandbox.order(quoteId, form.idempotencyKey, apiRequest(c).client())).order
        const paid = await sandbox.pay(order, form.number)
        return c.redirect(orderPath(paid.id), 303)
      } catch (error) {
        return pageError(c, error)
      }
    })
    .get('/sandbox/orders/:id', async (c) => {
      try {
        const order = await sandbox.find(parsed(orderIdSchema, c.req.param('id')))
        if (!order) throw onrampErrors.orderNotFound()
        await onrampOnFor(c, order.projectId)
        return html(c, orderPage(order))
      } catch (error) {
        return pageError(c, error)
      }
    })
}
