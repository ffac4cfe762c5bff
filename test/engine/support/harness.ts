import { afterAll, afterEach, beforeAll } from 'vitest'
import { SignClient, type SignClientOptions } from '../../../engine/index.js'
import type { AuthenticateResult, SignClientEvents } from '../../../engine/types.js'
import { type RunningRelay, silentLogger, startRelay } from '../../../services/relay/index.js'

export const ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72'

export const dappMetadata = {
  name: 'Test Dapp',
  description: 'a dapp in a test',
  url: 'https://dapp.example',
  icons: [],
}
export const walletMetadata = {
  name: 'Test Wallet',
  description: 'a wallet in a test',
  url: 'https://wallet.example',
  icons: [],
}

export const requestedNamespaces = {
  eip155: {
    chains: ['eip155:1', 'eip155:10'],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

export const approvedNamespaces = {
  eip155: {
    chains: ['eip155:1', 'eip155:10'],
    accounts: [`eip155:1:${ADDRESS}`, `eip155:10:${ADDRESS}`],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

export function startTestRelay(): Promise<RunningRelay> {
  return startRelay({ port: 0, store: 'memory', logger: silentLogger })
}

export type TestRelay = {
  /** The file's relay; started before its first test. */
  readonly relay: RunningRelay
  /** Our clients made by a test; closed after it. */
  readonly pool: ClientPool
  /** Raw peers a test opens; closed after it. */
  readonly peers: { close(): Promise<unknown> }[]
}

/** One in-memory relay per test file, with the clients and peers each test opens closed after it. */
export function useTestRelay(): TestRelay {
  let relay: RunningRelay | undefined
  const pool = new ClientPool()
  const peers: { close(): Promise<unknown> }[] = []
  beforeAll(async () => {
    relay = await startTestRelay()
  })
  afterEach(async () => {
    await pool.closeAll()
    await Promise.all(peers.splice(0).map((peer) => peer.close()))
  })
  afterAll(() => relay?.close())
  return {
    get relay() {
      if (!relay) throw new Error('the test relay starts in beforeAll; use it inside a test')
      return relay
    },
    pool,
    peers,
  }
}

/** The error a relay call fails with when its client closes before the relay answers. */
const isClosedError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'CLOSED'

/** How long `closeAll` waits for work a test left running to end, once its clients are closed. */
const BACKGROUND_GRACE_MS = 2000

/** Clients made by a test, closed by `closeAll`. */
export class ClientPool {
  readonly clients: SignClient[] = []
  // Each one already handled, so a rejection is never unhandled; holds the error it ended with, if any.
  private readonly background: Promise<unknown>[] = []

  /**
   * Work a test starts and does not await, as a wallet answering from an event handler. The dapp can have
   * the answer before the relay acknowledges the wallet's publish, so `closeAll` may cut that publish
   * short: its CLOSED is expected, and any other error fails the teardown.
   */
  inBackground(work: Promise<unknown>): void {
    this.background.push(
      work.then(
        () => undefined,
        (error: unknown) => error,
      ),
    )
  }

  async make(relayUrl: string, options: Partial<SignClientOptions> = {}): Promise<SignClient> {
    const client = await SignClient.init({
      relayUrl,
      projectId: 'test',
      metadata: options.metadata ?? dappMetadata,
      logger: 'silent',
      timings: { requestQueueDelayMs: 50, ...options.timings },
      ...options,
    })
    this.clients.push(client)
    return client
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.close()))
    let timer: ReturnType<typeof setTimeout> | undefined
    const grace = new Promise<unknown[]>((resolve) => {
      timer = setTimeout(resolve, BACKGROUND_GRACE_MS, [])
    })
    const ended = await Promise.race([Promise.all(this.background.splice(0)), grace])
    clearTimeout(timer)
    const failed = ended.filter((error) => error !== undefined && !isClosedError(error))
    if (failed.length > 0) throw new AggregateError(failed, 'work a test left running failed')
  }
}

export function nextEvent<Name extends keyof SignClientEvents>(
  client: SignClient,
  event: Name,
  timeoutMs = 10_000,
): Promise<SignClientEvents[Name]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs)
    client.once(event, (payload) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}

/** Dapp proposes, wallet pairs and approves; resolves once both sides hold the settled session. */
export async function establishSession(
  dapp: SignClient,
  wallet: SignClient,
  options: { namespaces?: typeof approvedNamespaces } = {},
): Promise<{ topic: string; proposalId: number }> {
  const proposal = nextEvent(wallet, 'session_proposal')
  const { uri, approval } = await dapp.connect({ optionalNamespaces: requestedNamespaces })
  if (uri === undefined) throw new Error('connect() gave no URI')
  await wallet.pair({ uri })
  const { id } = await proposal
  const approved = await wallet.approve({ id, namespaces: options.namespaces ?? approvedNamespaces })
  const session = await approval()
  await approved.acknowledged()
  return { topic: session.topic, proposalId: id }
}

/**
 * The dapp's authenticate() (an EIP-155 sign-in for dapp.example), paired by the wallet: the request as the
 * wallet got it and the dapp's wait for the answer. The wallet keeps listening, as a wallet that takes
 * sign-in requests does, so it leaves the fallback proposal be.
 */
export async function pairedSignIn(
  dapp: SignClient,
  wallet: SignClient,
): Promise<{ request: SignClientEvents['session_authenticate']; response: AuthenticateResult['response'] }> {
  const arrived = new Promise<SignClientEvents['session_authenticate']>((resolve) =>
    wallet.on('session_authenticate', resolve),
  )
  const { uri, response } = await dapp.authenticate({
    chains: ['eip155:1'],
    domain: 'dapp.example',
    uri: 'https://dapp.example',
    nonce: 'n0nce123',
  })
  await wallet.pair({ uri })
  return { request: await arrived, response }
}

/**
 * A wallet on `options.storage` with a session and one request from its dapp still unanswered, then closed,
 * as a wallet app shut down with a request on screen: what it holds at its next start.
 */
export async function closedWithPendingRequest(
  pool: ClientPool,
  relayUrl: string,
  options: Partial<SignClientOptions>,
): Promise<{ topic: string; id: number }> {
  const dapp = await pool.make(relayUrl)
  const wallet = await pool.make(relayUrl, { metadata: walletMetadata, ...options })
  const { topic } = await establishSession(dapp, wallet)
  const arrived = nextEvent(wallet, 'session_request')
  void dapp
    .request({ topic, chainId: 'eip155:1', request: { method: 'personal_sign', params: [ADDRESS] } })
    .catch(() => undefined)
  const { id } = await arrived
  await wallet.close()
  return { topic, id }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
