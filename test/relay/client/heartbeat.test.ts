import { afterEach, describe, expect, it, vi } from 'vitest'
import { generateSigningKeyPair } from '../../../crypto/noble.js'
import { defaultTimings, RelayClient } from '../../../relay/client/index.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('relay client heartbeat', () => {
  it('CONST-24 ticks every 5 s by default, pinging the relay on each tick', async () => {
    expect(defaultTimings.heartbeatIntervalMs).toBe(5_000)
    vi.useFakeTimers()
    let pings = 0
    const client = new RelayClient({
      relayUrl: 'wss://relay.example',
      signingKeyPair: generateSigningKeyPair(),
      createSocket: (_url, socketEvents) => {
        void Promise.resolve().then(() => socketEvents.onOpen())
        return {
          send: () => {},
          close: (code, reason) => void Promise.resolve().then(() => socketEvents.onClose(code, reason)),
          terminate: () => {},
          ping: () => {
            pings += 1
            // The relay answers each ping, so the socket stays alive.
            void Promise.resolve().then(() => socketEvents.onActivity())
          },
          seesControlFrames: true,
        }
      },
    })
    await client.connect()
    await vi.advanceTimersByTimeAsync(4_999)
    expect(pings).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(pings).toBe(1)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pings).toBe(2)
    await vi.advanceTimersByTimeAsync(50_000)
    expect(pings).toBe(12)
    const closed = client.close()
    await vi.advanceTimersByTimeAsync(5_000)
    await closed
  })
})
