import { randomBytes } from '../../../crypto/index.js'
import { generateSigningKeyPair, topicFromSymKey } from '../../../crypto/noble.js'
import { RelayClient, type RelayClientEvents, type RelayClientOptions } from '../../../relay/client/index.js'

/** Fast timings so reconnects happen in tens of milliseconds. */
export const fastTimings = {
  reconnectStepMs: 20,
  reconnectMaxMs: 60,
  heartbeatIntervalMs: 1_000,
  heartbeatTimeoutMs: 30_000,
  requestTimeoutMs: 5_000,
  closeGraceMs: 200,
}

export function randomTopic(): string {
  return topicFromSymKey(randomBytes(32))
}

/** Creates clients and closes them all after the test. */
export function clientFactory(): {
  create(relayUrl: string, options?: Partial<RelayClientOptions>): RelayClient
  closeAll(): Promise<void>
} {
  const clients: RelayClient[] = []
  return {
    create(relayUrl, options = {}) {
      const client = new RelayClient({
        relayUrl,
        signingKeyPair: generateSigningKeyPair(),
        ...options,
        timings: { ...fastTimings, ...options.timings },
      })
      clients.push(client)
      return client
    },
    async closeAll() {
      await Promise.all(clients.splice(0).map((client) => client.close()))
    },
  }
}

export function nextEvent<Name extends keyof RelayClientEvents>(
  client: RelayClient,
  event: Name,
  timeoutMs = 5_000,
): Promise<RelayClientEvents[Name]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      reject(new Error(`no ${event} event in ${timeoutMs} ms`))
    }, timeoutMs)
    const off = client.on(event, (payload) => {
      clearTimeout(timer)
      off()
      resolve(payload)
    })
  })
}

/** Collects every payload of one event. */
export function collect<Name extends keyof RelayClientEvents>(
  client: RelayClient,
  event: Name,
): RelayClientEvents[Name][] {
  const payloads: RelayClientEvents[Name][] = []
  client.on(event, (payload) => payloads.push(payload))
  return payloads
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Polls until `condition` holds; for outcomes no single event announces. */
export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`)
    await delay(5)
  }
}
