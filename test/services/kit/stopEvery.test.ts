import { describe, expect, it } from 'vitest'
import { StopError, stopAfterFailedStart, stopEvery } from '../../../services/kit/index.js'

describe('stopping what a start made', () => {
  it('stops the last stage first and the members of a stage together', async () => {
    const events: string[] = []
    let releaseRelay = () => {}
    const relayStopping = new Promise<void>((resolve) => {
      releaseRelay = resolve
    })
    const stopping = stopEvery('the cluster', [
      [{ name: 'postgres', stop: () => void events.push('postgres') }],
      [
        { name: 'relay-1', stop: () => relayStopping.then(() => void events.push('relay-1')) },
        { name: 'api-1', stop: () => void events.push('api-1') },
      ],
    ])
    await new Promise((resolve) => setImmediate(resolve))
    expect(events).toEqual(['api-1'])
    releaseRelay()
    await stopping
    expect(events).toEqual(['api-1', 'relay-1', 'postgres'])
  })

  it('counts a stop that throws at once as a failure, and still runs the stops after it', async () => {
    const events: string[] = []
    const stopping = stopEvery('the stack', [
      [{ name: 'the chain part', stop: () => void events.push('chain') }],
      [
        {
          name: 'the mail part',
          stop: () => {
            throw new Error('socket busy')
          },
        },
      ],
    ])
    await expect(stopping).rejects.toBeInstanceOf(StopError)
    await expect(stopping).rejects.toThrow('Stopping the stack failed: the mail part: socket busy')
    expect(events).toEqual(['chain'])
  })

  it('after a failed start, throws the start’s error, joined by the stop’s when that failed too', async () => {
    const startError = new Error('port refused')
    await expect(stopAfterFailedStart(startError, async () => {})).rejects.toBe(startError)
    const joined = await stopAfterFailedStart(startError, async () => {
      throw new Error('close failed')
    }).catch((error: unknown) => error as AggregateError)
    expect(joined.message).toBe('port refused; close failed')
    expect(joined.errors[0]).toBe(startError)
  })
})
