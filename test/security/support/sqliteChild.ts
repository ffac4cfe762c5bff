import { RelayMethod } from '../../../relay/protocol/index.js'
import type { ChildRelay, ChildRelays } from '../../services/relay/support/childRelay.js'
import { RawRelayClient, type TestIdentity, withAuth } from '../../services/relay/support/rawClient.js'
import { wsFactory } from '../../services/relay/support/wsHarness.js'

/** Starts the bundled relay as a child process on the SQLite mailbox `file`. */
export function startSqliteRelay(relays: ChildRelays, file: string): Promise<ChildRelay> {
  return relays.start(['--port', '0', '--store', `sqlite:${file}`, '--log-level', 'error'])
}

export function connect(relay: ChildRelay, identity: TestIdentity): Promise<RawRelayClient> {
  return RawRelayClient.open(wsFactory, withAuth(relay.url, identity.token(relay.url)))
}

/** The envelope a test publishes for `text`; `textOf` reads it back from a push. */
export function envelope(text: string): string {
  return Buffer.from(text).toString('base64')
}

export function textOf(message: string): string {
  return Buffer.from(message, 'base64').toString()
}

/** Publishes `text` on `topic`; true when the relay acknowledged it, false when it answered an error. */
export async function publish(client: RawRelayClient, topic: string, text: string): Promise<boolean> {
  const answer = await client.call(RelayMethod.publish, {
    topic,
    message: envelope(text),
    ttl: 300,
    tag: 1108,
  })
  return 'result' in answer && answer.result === true
}

/**
 * Subscribes `reader` to `topics` and collects what is pushed until every one of `expected` has come,
 * then a little longer to catch extras; fails with what is missing when they do not come in time.
 */
export async function collect(
  relay: ChildRelay,
  reader: TestIdentity,
  topics: string[],
  expected: ReadonlySet<string>,
  timeoutMs: number,
): Promise<string[]> {
  const client = await connect(relay, reader)
  await client.call(RelayMethod.batchSubscribe, { topics })
  const received = () => client.pushes.map((push) => textOf(push.params.data.message))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const seen = new Set(received())
    if ([...expected].every((text) => seen.has(text))) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
  await client.close()
  return received()
}

export async function health(relay: ChildRelay): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${relay.port}/health`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
