import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { batchedLineWriter, consoleLogger, MAX_PENDING_LOG_CHARS } from '../../../relay/core/logger.js'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

function recordingStream() {
  const writes: string[] = []
  return { writes, stream: { write: (chunk: string) => writes.push(chunk) > 0 } }
}

describe('the server logger', () => {
  it('writes the lines of one flush interval in a single write, in order', async () => {
    const { writes, stream } = recordingStream()
    const logger = consoleLogger('info', batchedLineWriter(stream, 30))
    logger.info('first', { n: 1 })
    logger.debug('below the level')
    await nextTurn()
    logger.warn('second', { big: 2n })
    expect(writes).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(writes).toHaveLength(1)
    const lines = (writes[0] ?? '').split('\n')
    expect(lines.pop()).toBe('')
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: 'info', message: 'first', n: 1 },
      { level: 'warn', message: 'second', big: '2' },
    ])
  })

  it('writes each entry as the JSON of { time, level, message, ...fields }, whatever the fields', () => {
    const lines: string[] = []
    const logger = consoleLogger('debug', (line) => lines.push(line))
    const entries: [string, Record<string, unknown> | undefined][] = [
      ['request', { method: 'POST', path: '/v1', status: 200, ms: 1.5 }],
      ['no fields', undefined],
      ['empty', {}],
      ['only undefined', { gone: undefined }],
      ['quoted "message" \\ \u2028', { text: 'a "b"\n', nested: { list: [1, null] } }],
      ['collides', { message: 'from fields', level: 'x', time: 't', n: 1 }],
      ['bigint', { amount: 10n ** 20n }],
      ['numbers', { zero: -0, nan: Number.NaN, inf: -Number.POSITIVE_INFINITY, tiny: 1e-7, big: 2 ** 70 }],
      ['flat kinds', { yes: true, no: false, none: null, '"odd" key\n': 'v' }],
      ['mixed', { path: '/v1', at: new Date(0), list: ['a'] }],
    ]
    for (const [message, fields] of entries) logger.error(message, fields)
    expect(lines).toHaveLength(entries.length)
    lines.forEach((line, index) => {
      const [message, fields] = entries[index] ?? []
      const { time } = JSON.parse(line) as { time: string }
      const expected = JSON.stringify({ time, level: 'error', message, ...fields }, (_, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      )
      expect(line).toBe(expected)
    })
  })

  it('writes every line right past the words it quotes once (messages and field names beyond the first 512)', () => {
    const lines: string[] = []
    const logger = consoleLogger('info', (line) => lines.push(line))
    const entries = Array.from(
      { length: 1200 },
      (_, n) => [`event "${n}"`, { [`field\n${n % 700}`]: n }] as const,
    )
    for (const [message, fields] of entries) logger.info(message, fields)
    expect(lines).toHaveLength(entries.length)
    lines.forEach((line, index) => {
      const [message, fields] = entries[index] ?? []
      const { time } = JSON.parse(line) as { time: string }
      expect(line).toBe(JSON.stringify({ time, level: 'info', message, ...fields }))
    })
  })

  it('writes at once past the pending cap, so a burst holds a bounded amount', () => {
    const { writes, stream } = recordingStream()
    const write = batchedLineWriter(stream)
    const line = 'x'.repeat(1000)
    for (let i = 0; i < MAX_PENDING_LOG_CHARS / 1000 + 1; i++) write(line)
    expect(writes).toHaveLength(1)
    expect(writes[0]?.length).toBeGreaterThanOrEqual(MAX_PENDING_LOG_CHARS)
  })

  it('writes pending lines when the process exits, even on an uncaught error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'logger-'))
    try {
      const source = readFileSync(new URL('../../../relay/core/logger.ts', import.meta.url), 'utf8')
      writeFileSync(join(dir, 'logger.mjs'), transformSync(source, { loader: 'ts', format: 'esm' }).code)
      writeFileSync(
        join(dir, 'crash.mjs'),
        `import { consoleLogger } from './logger.mjs'
        consoleLogger('info').error('last words', { code: 7 })
        throw new Error('boom')`,
      )
      const run = spawnSync(process.execPath, [join(dir, 'crash.mjs')], { encoding: 'utf8' })
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/"message":"last words","code":7/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
