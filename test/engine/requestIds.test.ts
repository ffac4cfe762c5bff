import { describe, expect, it } from 'vitest'
import { payloadIdTime } from '../../engine/jsonrpc/index.js'
import { newPayloadId } from '../../engine/transport/send.js'

describe('request ids', () => {
  it('ids made in the same millisecond differ and grow, and still tell the time they were made', () => {
    const client = { clock: { now: () => 1_700_000_000_000 }, lastPayloadId: 0 }
    const ids = Array.from({ length: 2000 }, () => newPayloadId(client))
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    // 2000 ids need two milliseconds' worth of digits: the first stays within the millisecond it was made.
    expect(payloadIdTime(ids[0] as number)).toBe(1_700_000_000_000)
    expect(payloadIdTime(ids.at(-1) as number)).toBeLessThanOrEqual(1_700_000_000_002)
  })
})
