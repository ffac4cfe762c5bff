import { describe, expect, it } from 'vitest'
import { TaskGate } from '../../../services/mail/taskGate.js'

describe('TaskGate: how many mails are parsed at once', () => {
  it('runs at most its limit at once and the rest in the order they came, whether tasks succeed or fail', async () => {
    const gate = new TaskGate(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const task = (index: number) => async () => {
      started.push(index)
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
      if (index % 2 === 0) throw new Error(`task ${index} failed`)
      return index
    }
    const outcomes = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((index) => gate.run(task(index))))
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    // Every place was given back: a full batch runs at once again.
    running = 0
    most = 0
    await Promise.allSettled([1, 3].map((index) => gate.run(task(index))))
    expect(most).toBe(2)
  })

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new TaskGate(0)).toThrow(RangeError)
    expect(() => new TaskGate(1.5)).toThrow(RangeError)
  })
})
