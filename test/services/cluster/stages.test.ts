import { describe, expect, it } from 'vitest'
import { Stages } from '../../../services/cluster/stages.js'
import type { Stoppable } from '../../../services/kit/stopEvery.js'

// Stand-in stages, so the order and the failures of a stop are seen without starting a process.
const stopped: string[] = []

const part = (name: string, failure?: string): Promise<Stoppable> =>
  Promise.resolve({
    name,
    async stop() {
      stopped.push(name)
      if (failure !== undefined) throw new Error(failure)
    },
  })

describe('the stages of a cluster', () => {
  it('stops every later stage when one stage’s stop fails, and reports that failure', async () => {
    stopped.length = 0
    const stages = new Stages()
    await stages.start([part('postgres'), part('redis')])
    await stages.start([part('relay-1', 'SIGKILL refused'), part('api-1')])
    await stages.start([part('haproxy')])
    const stop = stages.stop()
    await stop.catch(() => {})
    expect(stopped).toEqual(['haproxy', 'relay-1', 'api-1', 'postgres', 'redis'])
    await expect(stop).rejects.toThrow('Stopping the cluster failed: relay-1: SIGKILL refused')
  })

  it('reports every failed stop, not only the first', async () => {
    stopped.length = 0
    const stages = new Stages()
    await stages.start([part('postgres', 'still running')])
    await stages.start([part('relay-1', 'timed out'), part('api-1', 'exited with 1')])
    const stop = stages.stop()
    await stop.catch(() => {})
    expect(stopped).toEqual(['relay-1', 'api-1', 'postgres'])
    await expect(stop).rejects.toThrow(
      'Stopping the cluster failed: relay-1: timed out; api-1: exited with 1; postgres: still running',
    )
  })

  it('stops the parts of a stage that started when another part of it failed to start', async () => {
    stopped.length = 0
    const stages = new Stages()
    await stages.start([part('postgres')])
    const failedStart = stages.start([part('relay-1'), Promise.reject(new Error('port taken'))])
    await expect(failedStart).rejects.toThrow('port taken')
    await stages.stop()
    expect(stopped).toEqual(['relay-1', 'postgres'])
  })

  it('stops once however often it is asked', async () => {
    stopped.length = 0
    const stages = new Stages()
    await stages.start([part('haproxy')])
    expect(stages.stopping).toBe(false)
    await Promise.all([stages.stop(), stages.stop()])
    expect(stages.stopping).toBe(true)
    expect(stopped).toEqual(['haproxy'])
  })
})
