import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signRelayJwt } from '../../../crypto/noble.js'
import { RelayMethod } from '../../../relay/protocol/index.js'
import { type RunningRelay, silentLogger, startRelay } from '../../../services/relay/index.js'
import { RawRelayClient, randomTopic, testIdentity, withAuth } from './support/rawClient.js'
import { wsFactory } from './support/wsHarness.js'

type Outcome = { kind: 'answered' } | { kind: 'silent' } | { kind: 'closed'; code: number; reason: string }

/**
 * A socket that sends one fuzz frame, then a sentinel request, and reports whether the relay answered the
 * fuzz frame before the sentinel, or closed the socket (with its code and reason).
 */
class FuzzSocket {
  private frames: string[] = []
  private waiting: ((outcome: Outcome) => void) | undefined
  private sentinel = 0
  closed: { code: number; reason: string } | undefined

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onMessage(String(data)))
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) }
      this.waiting?.({ kind: 'closed', ...this.closed })
    })
  }

  static open(url: string): Promise<FuzzSocket> {
    const socket = new WebSocket(url)
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new FuzzSocket(socket)))
      socket.once('error', reject)
    })
  }

  private onMessage(text: string): void {
    if (text.includes(`"sentinel-${this.sentinel}"`)) {
      const answered = this.frames.length > 0
      this.frames = []
      this.waiting?.({ kind: answered ? 'answered' : 'silent' })
      return
    }
    this.frames.push(text)
  }

  send(frame: string | Buffer): Promise<Outcome> {
    this.sentinel++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer within 2 s to ${String(frame).slice(0, 200)}`)),
        2000,
      )
      this.waiting = (outcome) => {
        clearTimeout(timer)
        resolve(outcome)
      }
      this.socket.send(frame)
      this.socket.send(
        JSON.stringify({
          id: `sentinel-${this.sentinel}`,
          jsonrpc: '2.0',
          method: 'irn_subscribe',
          params: { topic: '0'.repeat(64) },
        }),
      )
    })
  }

  close(): void {
    this.socket.terminate()
  }
}

const methods = [...Object.values(RelayMethod), 'irn_teleport', '', 'wc_sessionPropose']
const topic = fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string(), fc.constant(randomTopic()))
const id = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.bigInt().map(String),
  fc.constant(null),
  fc.double(),
  fc.object(),
)
const params = fc.oneof(
  fc.record(
    {
      topic,
      topics: fc.array(topic, { maxLength: 5 }),
      message: fc.oneof(fc.base64String({ minLength: 1 }), fc.string(), fc.integer()),
      ttl: fc.oneof(fc.integer(), fc.double(), fc.string()),
      tag: fc.oneof(fc.integer(), fc.string()),
      prompt: fc.anything(),
      messages: fc.array(fc.record({ topic, message: fc.string(), ttl: fc.integer() }), { maxLength: 3 }),
      pairingTopic: topic,
      sessionTopic: topic,
      sessionProposal: fc.string(),
      subscriptions: fc.array(fc.record({ topic, id: fc.string() }), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
)
/** Requests shaped like the real ones with any part replaced, plus plain garbage. */
const requestFrame = fc
  .record({
    id,
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.string()),
    method: fc.constantFrom(...methods),
    params,
  })
  .map((frame) => JSON.stringify(frame))
const frame = fc.oneof(
  { weight: 6, arbitrary: requestFrame },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
)

/** A JSON-RPC response, which a peer sends no answer to; every other frame deserves one. */
function isResponse(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return (
      typeof value === 'object' &&
      value !== null &&
      !('method' in value) &&
      ('result' in value || 'error' in value)
    )
  } catch {
    return false
  }
}

describe('relay under fuzzed input', () => {
  let relay: RunningRelay
  const witnesses = { dapp: testIdentity(), wallet: testIdentity() }

  beforeAll(async () => {
    relay = await startRelay({ port: 0, store: 'memory', rejectBadAuth: true, logger: silentLogger })
  })
  afterAll(async () => {
    await relay?.close()
  })

  /** Two well-behaved clients that must keep talking whatever the fuzzer did. */
  async function witnessesStillTalk(): Promise<void> {
    const dapp = await RawRelayClient.open(wsFactory, withAuth(relay.url, witnesses.dapp.token(relay.url)))
    const wallet = await RawRelayClient.open(
      wsFactory,
      withAuth(relay.url, witnesses.wallet.token(relay.url)),
    )
    const shared = randomTopic()
    await wallet.call('irn_subscribe', { topic: shared })
    await dapp.call('irn_publish', { topic: shared, message: 'aGVsbG8=', ttl: 300, tag: 1108 })
    const [push] = await wallet.waitForPushes(1)
    expect(push?.params.data.message).toBe('aGVsbG8=')
    await Promise.all([dapp.close(), wallet.close()])
  }

  it('answers or closes with a reason on 10,000 random and mutated frames, and other clients keep working', async () => {
    const identity = testIdentity()
    const url = withAuth(relay.url, identity.token(relay.url))
    let socket = await FuzzSocket.open(url)
    const outcomes = { answered: 0, closed: 0, responsesIgnored: 0 }
    await fc.assert(
      fc.asyncProperty(frame, async (text) => {
        if (socket.closed) socket = await FuzzSocket.open(url)
        const outcome = await socket.send(text)
        if (outcome.kind === 'answered') outcomes.answered++
        else if (outcome.kind === 'silent') {
          // Only a JSON-RPC response may go unanswered.
          expect(isResponse(text), `no answer to ${text.slice(0, 200)}`).toBe(true)
          outcomes.responsesIgnored++
        } else {
          // A close must say why; 1006 (no close frame) would mean the relay dropped us.
          expect(outcome.code).not.toBe(1006)
          expect(outcome.reason.length).toBeGreaterThan(0)
          outcomes.closed++
        }
      }),
      { numRuns: 10_000 },
    )
    socket.close()
    expect(outcomes.answered + outcomes.closed + outcomes.responsesIgnored).toBe(10_000)
    expect(outcomes.answered).toBeGreaterThan(9_000)
    await witnessesStillTalk()
    expect((await relay.health()).status).toBe('ok')
  })

  it('refuses 500 random and mutated JWTs with a reason, never crashing, and other clients keep working', async () => {
    const valid = testIdentity().token(relay.url)
    const token = fc.oneof(
      fc.string(),
      fc
        .tuple(fc.nat(valid.length - 1), fc.string({ minLength: 1, maxLength: 1 }))
        .map(([at, c]) => valid.slice(0, at) + c + valid.slice(at + 1)),
      fc.constant(
        signRelayJwt({ secretKey: testIdentity().keyPair.secretKey, aud: 'ws://elsewhere.example' }),
      ),
      fc.constant(
        signRelayJwt({ secretKey: testIdentity().keyPair.secretKey, aud: relay.url, iat: 1, ttl: 1 }),
      ),
      fc.constant(valid.split('.').slice(0, 2).join('.')),
    )
    let refused = 0
    await fc.assert(
      fc.asyncProperty(token, async (jwt) => {
        const status = await new Promise<number>((resolve) => {
          const socket = new WebSocket(withAuth(relay.url, jwt))
          socket.once('open', () => {
            socket.terminate()
            resolve(101)
          })
          socket.once('unexpected-response', (_request, response) => {
            resolve(response.statusCode ?? 0)
            socket.terminate()
          })
          socket.once('error', () => resolve(0))
        })
        // A mutation can land on a character that decodes to the same bytes; anything else is refused.
        expect([101, 401]).toContain(status)
        if (status === 401) refused++
      }),
      { numRuns: 500 },
    )
    expect(refused).toBeGreaterThan(400)
    await witnessesStillTalk()
    expect((await relay.health()).status).toBe('ok')
  })
})
