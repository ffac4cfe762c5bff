import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOG_BUFFER_MAX_BYTES, LogBuffer } from '../../engine/logBuffer.js'
import { createLogger } from '../../engine/logger.js'
import { sleep, useTestRelay } from './support/harness.js'

const harness = useTestRelay()

afterEach(() => {
  vi.restoreAllMocks()
})

const line = (n: number) => `${String(n).padStart(6, '0')} ${'x'.repeat(993)}` // 1,000 bytes

describe('in-memory log', () => {
  it('CONST-25 is capped at about 1 MB, dropping the oldest lines first', () => {
    // The spec says "about 1 MB"; 1,024,000 bytes as the official clients keep.
    expect(LOG_BUFFER_MAX_BYTES).toBe(1_024_000)
    const buffer = new LogBuffer()
    expect(buffer.maxBytes).toBe(1_024_000)
    for (let n = 0; n < 3_000; n++) buffer.add(line(n))
    expect(buffer.bytes).toBe(1_024_000)
    const lines = buffer.lines
    expect(lines).toHaveLength(1_024)
    expect(lines[0]).toBe(line(3_000 - 1_024))
    expect(lines.at(-1)).toBe(line(2_999))

    const multibyte = new LogBuffer(10)
    multibyte.add('ééé') // 6 bytes
    multibyte.add('abcd')
    expect(multibyte.lines).toEqual(['ééé', 'abcd'])
    multibyte.add('z')
    expect(multibyte.lines).toEqual(['abcd', 'z'])
    multibyte.add('x'.repeat(11))
    expect(multibyte.lines).toEqual(['abcd', 'z'])
  })

  it('CONST-25 holds what the logger logs at its level, and a client exposes it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    vi.spyOn(console, 'debug').mockImplementation(() => undefined)
    const buffer = new LogBuffer()
    const logger = createLogger('info', buffer)
    logger.debug('not kept')
    logger.info('kept', { topic: 't' })
    expect(buffer.lines.map((text) => JSON.parse(text))).toEqual([
      { time: expect.any(String), level: 'info', message: 'kept', topic: 't' },
    ])

    const client = await harness.pool.make(harness.relay.url, { logger: 'info' })
    for (let i = 0; i < 100 && client.logs.length === 0; i++) await sleep(20)
    expect(client.logs.map((text) => JSON.parse(text).message)).toContain('relay connected')
  })
})
