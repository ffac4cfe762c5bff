import type { Transport } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createApiApp } from '../../../../services/api/app.js'
import { type Database, migrate } from '../../../../services/api/db/index.js'
import {
  Deliverer,
  OnrampSandbox,
  onrampMigrations,
  onrampRoutes,
  type SandboxConfig,
} from '../../../../services/api/onramp/index.js'
import type { QuoteTerms } from '../../../../services/api/onramp/quoteToken.js'
import { ProjectStore, projectMigrations } from '../../../../services/api/projects/index.js'
import { devPrivateKeys } from '../../../../services/chain/index.js'
import type { ChainFixture } from '../../../support/chain.js'

export const projectId = 'onramp-test'
export const buyer = privateKeyToAccount(devPrivateKeys[2]).address

export type OnrampHarness = {
  sandbox: OnrampSandbox
  db: Database
  /** A second sandbox on the same database and chain: the api started again after a stop (with `deliverer`). */
  restart(deliverer?: Deliverer): OnrampSandbox
  clock: { now: number }
  /** A request from `client`'s address (the TCP peer); without one, the api's 'unknown' client. */
  call(path: string, init?: RequestInit, client?: string): Promise<Response>
  json<T>(path: string, init?: RequestInit, client?: string): Promise<{ status: number; body: T }>
  quote(
    amount: string,
    extra?: Record<string, unknown>,
    client?: string,
  ): Promise<{ status: number; body: QuoteBody }>
}

export type QuoteBody = {
  quoteId: string
  purchaseAmount: { amount: string; currency: string }
  paymentTotal: { amount: string; currency: string }
  paymentSubtotal: { amount: string; currency: string }
  providerFee: { amount: string; currency: string }
  networkFee: { amount: string; currency: string }
  code?: string
  message?: string
}

/**
 * The api app with only the onramp routes, its sandbox delivering on `chain` from dev account 1 (through
 * `deliverer` when given); `publicUrl` is where the routes say clients reach the api.
 */
export async function onrampHarness(
  db: Database,
  chain: ChainFixture,
  deliverer = chainDeliverer(chain),
  { publicUrl }: { publicUrl?: string } = {},
): Promise<OnrampHarness> {
  await migrate(db, [projectMigrations, onrampMigrations])
  await createOnrampProject(db)
  const clock = { now: Date.now() }
  const now = () => clock.now
  const logger = { info() {}, warn() {}, error() {} }
  const config = sandboxConfig(chain)
  const sandbox = new OnrampSandbox(config, { db, logger, now, deliverer })
  const { hono } = createApiApp({
    db,
    adminToken: 'a'.repeat(64),
    logger,
    now,
    routes: [(deps) => onrampRoutes({ ...deps, sandbox, publicUrl })],
  })
  const call = async (path: string, init?: RequestInit, client?: string) =>
    hono.request(
      `http://api.test${path}`,
      init,
      client === undefined ? undefined : { incoming: { socket: { remoteAddress: client } } },
    )
  const json = async <T>(path: string, init?: RequestInit, client?: string) => {
    const answer = await call(path, init, client)
    return { status: answer.status, body: (await answer.json()) as T }
  }
  return {
    sandbox,
    db,
    restart: (next = deliverer) => new OnrampSandbox(config, { db, logger, now, deliverer: next }),
    clock,
    call,
    json,
    quote: (amount, extra = {}, client) =>
      json<QuoteBody>(`/v1/onramp/quote?projectId=${projectId}`, quoteRequest(chain, amount, extra), client),
  }
}

/** What the sandbox delivers with on `chain`: dev account 1, over `transport` when given (else HTTP). */
export const chainDeliverer = (chain: ChainFixture, transport?: Transport): Deliverer =>
  new Deliverer({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    key: devPrivateKeys[1],
    ...(transport ? { transport } : {}),
  })

/** The sandbox on `chain`: test USDC minted and tETH sent from dev account 1. */
export const sandboxConfig = (chain: ChainFixture): SandboxConfig => ({
  chainId: chain.chainId,
  rpcUrl: chain.rpcUrl,
  testUsdc: chain.fixtures.testUsdc,
  deliveryKey: devPrivateKeys[1],
})

/** The project the onramp tests buy under (`projectId`), the onramp on, limits out of the way. */
export async function createOnrampProject(db: Database): Promise<void> {
  await new ProjectStore(db).create({
    id: projectId,
    name: 'Onramp',
    allowedOrigins: [],
    features: { onramp: true },
    rateLimitPerMinute: 100_000,
  })
}

/**
 * What a quote for 50 USD of tUSDC to the buyer promises, with its `nonce`, live until `expiresAt`: for the
 * order store tested without quotes.
 */
export const quotedTerms = (nonce: string, expiresAt: number): QuoteTerms => ({
  projectId,
  address: buyer,
  currency: 'tUSDC',
  chainId: 31337,
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  paymentCents: '5000',
  feeCents: '99',
  networkFeeCents: '1',
  purchaseUnits: '49000000',
  expiresAt,
  nonce,
})

/** A quote request for `amount` USD of tUSDC to the buyer on `chain`; `extra` overrides its fields. */
export const quoteRequest = (
  chain: Pick<ChainFixture, 'chainId'>,
  amount: string,
  extra: Record<string, unknown> = {},
): RequestInit =>
  post({
    purchaseCurrency: { id: 'tUSDC' },
    paymentCurrency: { id: 'USD' },
    amount,
    network: 'tUSDC',
    caipNetworkId: `eip155:${chain.chainId}`,
    address: buyer,
    ...extra,
  })

export const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})
