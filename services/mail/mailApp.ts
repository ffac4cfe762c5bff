import type { Logger } from '@pairwise/common'
import { Hono } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { NodeListener } from '../api/http/directLane.js'
import { bodyCap, errorHandler, methodNotAllowedAnswer, notFound } from '../api/http/errorAnswers.js'
import { honoListener, type ReadinessChecks, readyRoute, requestLog } from '../kit/index.js'
import type { Inbox } from './inbox.js'
import { inboxPageRoutes } from './inboxPage.js'
import { MAX_HTTP_BODY_BYTES } from './limits.js'
import { messageRoutes } from './messageRoutes.js'

export type MailApp = { hono: Hono; listener: NodeListener }

/**
 * The inbox over HTTP: the Mailpit-style JSON API, the HTML page, `/health` and `/ready` (the `ready`
 * checks: the SMTP side taking mail), with the api's error answers (`{ code, message }`, 404, 405, 413,
 * 400 for bad input), body cap and request log.
 */
export function createMailApp(inbox: Inbox, logger: Logger, ready: ReadinessChecks = {}): MailApp {
  const app = new Hono()
  app.use(requestLog(logger))
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedAnswer }))
  app.use(bodyCap(MAX_HTTP_BODY_BYTES))
  app.get('/health', (c) =>
    c.json({ status: 'ok', messages: inbox.total }, 200, { 'cache-control': 'no-store' }),
  )
  app.route('/', readyRoute(ready, logger))
  app.route('/', messageRoutes(inbox))
  app.route('/', inboxPageRoutes(inbox))
  app.notFound(notFound)
  app.onError(errorHandler(logger))
  const listener = honoListener(app.fetch)
  return { hono: app, listener }
}
