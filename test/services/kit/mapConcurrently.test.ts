import { describe, expect, it } from 'vitest'
import { mapConcurrently } from '../../../services/kit/index.js'

describe('work mapped over items a few at a time', () => {
  it('answers in the items’ order, never more at once than the limit', async () => {
    let running = 0
    let most = 0
    const answers = await mapConcurrently([5, 1, 4, 2, 3], 2, async (delay) => {
      most = Math.max(most, ++running)
      await new Promise((resolve) => setTimeout(resolve, delay))
      running -= 1
      return delay * 10
    })
    expect(answers).toEqual([50, 10, 40, 20, 30])
    expect(most).toBe(2)
  })

  it('starts no item after one failed', async () => {
    const started: number[] = []
    let release = () => {}
    const slow = new Promise<void>((resolve) => {
      release = resolve
    })
    const mapped = mapConcurrently([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item)
      if (item === 0) throw new Error('upstream refused')
      await slow
      return item
    })
    await expect(mapped).rejects.toThrow('upstream refused')
    release()
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([0, 1])
  })

  it('refuses a limit under one item at once rather than answering with holes', async () => {
    const work = async (item: number) => item
    await expect(mapConcurrently([1, 2], 0, work)).rejects.toThrow(RangeError)
    await expect(mapConcurrently([1, 2], Number.NaN, work)).rejects.toThrow('at least 1')
  })
})
