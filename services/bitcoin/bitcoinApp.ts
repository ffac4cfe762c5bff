import type { Logger } from '@pairwise/common'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { clientAddressMiddleware } from '../api/http/clientAddress.js'
import { bodyCap, errorHandler, methodNotAllowedAnswer, notFound } from '../api/http/errorAnswers.js'
import { healthRoutes, type ReadinessChecks, requestLog, type TrustedProxies } from '../kit/index.js'
import { esploraRoutes } from './esploraRoutes.js'
import type { RegtestLedger } from './ledger.js'
import { bitcoinLimits } from './limits.js'
import { regtestRoutes } from './regtestRoutes.js'

export type BitcoinAppOptions = {
  minFeeRate: number
  trustProxy: TrustedProxies
  logger: Logger
  /** What `/ready` checks (the chain file's last write). */
  readiness: ReadinessChecks
  now(): number
}

/**
 * The local chain over HTTP: Esplora's API under `/api`, the faucet and mining under `/regtest`, `/health`
 * and `/ready`. CORS is open, as Esplora's is (wallet pages call it from their own origin); errors other
 * than a refused broadcast are `{ code, message }` as every service answers.
 */
export function createBitcoinApp(ledger: RegtestLedger, options: BitcoinAppOptions): Hono {
  const app = new Hono()
  app.use(requestLog(options.logger))
  app.use(cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86400 }))
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedAnswer }))
  app.use(bodyCap(bitcoinLimits.maxBodyBytes))
  app.use(clientAddressMiddleware(options.trustProxy))
  app.route('/', healthRoutes(options.readiness, options.logger))
  app.route('/', esploraRoutes(ledger, { minFeeRate: options.minFeeRate }))
  app.route('/', regtestRoutes(ledger, { now: options.now }))
  app.notFound(notFound)
  app.onError(errorHandler(options.logger))
  return app
}
