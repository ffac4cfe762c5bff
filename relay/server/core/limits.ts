/** Abuse limits; each one, when hit, answers the offending call with its own JSON-RPC error code. */
export type RelayLimits = {
  /** Size of one envelope (`message`), in UTF-8 bytes. */
  maxMessageBytes: number
  /** Size of one WebSocket text frame; a batch publish carries many envelopes. */
  maxFrameBytes: number
  /** Topics one connection may be subscribed to at once. */
  maxTopicsPerConnection: number
  /** Entries in one batch call. The official client sends at most 500 topics per batch. */
  maxBatchSize: number
  /** The longest `ttl` accepted. The Sign protocol uses at most a day. */
  maxTtlSeconds: number
  /** Publishes one client id may make at once before the rate applies. */
  publishBurst: number
  /** Sustained publishes per second per client id. */
  publishPerSecond: number
  /** Messages returned by one fetch call; the rest is signalled with `hasMore`. */
  maxFetchMessages: number
}

export const defaultRelayLimits: RelayLimits = {
  maxMessageBytes: 256 * 1024,
  maxFrameBytes: 4 * 1024 * 1024,
  maxTopicsPerConnection: 2000,
  maxBatchSize: 1000,
  maxTtlSeconds: 30 * 86_400,
  publishBurst: 200,
  publishPerSecond: 50,
  maxFetchMessages: 500,
}

export function resolveLimits(overrides: Partial<RelayLimits> = {}): RelayLimits {
  const limits = { ...defaultRelayLimits, ...overrides }
  for (const [name, value] of Object.entries(limits))
    if (!(Number.isFinite(value) && value > 0))
      throw new RangeError(`relay limit ${name} must be > 0, got ${value}`)
  return limits
}
