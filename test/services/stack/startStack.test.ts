import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { StopError } from '../../../services/kit/stopEvery.js'
import { parseTrustedProxies } from '../../../services/kit/trustProxy.js'
import type { StackConfig } from '../../../services/stack/config.js'
import type { AnyStackPart } from '../../../services/stack/stackPart.js'
import { startParts } from '../../../services/stack/startStack.js'

// Stand-in parts, so what the stack does around them (stopping, the stack file) is seen without
// starting a chain. Each records its stop; `failing` stops with an error, `broken` fails to start.
const events: string[] = []

const part = (
  name: string,
  { stop, start }: { stop?: () => void; start?: () => void } = {},
): AnyStackPart => ({
  name,
  ports: {},
  needs: [],
  async start({ onStop }) {
    start?.()
    onStop(async () => {
      events.push(`stopped ${name}`)
      stop?.()
    })
    return { gives: {}, urls: [], ready: [], stackFile: {} }
  },
})

const dir = mkdtempSync(join(tmpdir(), 'pairwise-start-stack-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const config = (name: string): StackConfig => ({
  host: '127.0.0.1',
  dataDir: join(dir, name, 'data'),
  stackFile: join(dir, name, 'stack.json'),
  ports: {} as StackConfig['ports'],
  trustProxy: parseTrustedProxies(undefined),
})

/** A part whose stop throws `close failed`. */
const failingStop = () =>
  part('failing', {
    stop: () => {
      throw new Error('close failed')
    },
  })

describe('the stack around its parts', () => {
  it('a part failing to start stops every part before it, even past one whose stop fails, and says both', async () => {
    events.length = 0
    const parts = [
      part('first'),
      failingStop(),
      part('broken', {
        start: () => {
          throw new Error('port refused')
        },
      }),
    ]
    const started = startParts(parts, config('failed-start'))
    await expect(started).rejects.toThrow(
      'port refused; Stopping the stack failed: the failing part: close failed',
    )
    const error = (await started.catch((reason: unknown) => reason)) as AggregateError
    expect(error.errors[1]).toBeInstanceOf(StopError)
    expect(events).toEqual(['stopped failing', 'stopped first'])
  })

  it('a stop that fails still stops the other parts and removes the stack file, then names the part', async () => {
    events.length = 0
    const parts = [part('first'), failingStop()]
    const stack = await startParts(parts, config('failed-stop'))
    expect(existsSync(stack.stackFile)).toBe(true)
    await expect(stack.stop()).rejects.toThrow(
      new StopError('the stack', [{ name: 'the failing part', error: new Error('close failed') }]),
    )
    expect(events).toEqual(['stopped failing', 'stopped first'])
    expect(existsSync(stack.stackFile)).toBe(false)
  })

  it('removes a stack file a killed stack left before starting, so no reader takes it for this one', async () => {
    let seenWhileStarting: boolean | undefined
    const { stackFile } = config('stale')
    const parts = [
      part('first', {
        start: () => {
          seenWhileStarting = existsSync(stackFile)
        },
      }),
    ]
    mkdirSync(join(dir, 'stale'), { recursive: true })
    writeFileSync(stackFile, '{"relay":{"url":"ws://127.0.0.1:1"}}')
    const stack = await startParts(parts, config('stale'))
    expect(seenWhileStarting).toBe(false)
    expect(existsSync(stackFile)).toBe(true)
    await stack.stop()
  })
})
