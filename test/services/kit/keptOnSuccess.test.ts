import { describe, expect, it } from 'vitest'
import { keptOnSuccess } from '../../../services/kit/index.js'

describe('an answer kept once it succeeds', () => {
  it('asks once and keeps the answer, however many ask meanwhile and after', async () => {
    let asked = 0
    const load = keptOnSuccess(async () => ++asked)
    expect(await Promise.all([load(), load()])).toEqual([1, 1])
    expect(await load()).toBe(1)
    expect(asked).toBe(1)
  })

  it('does not keep a failure: the next call asks again', async () => {
    let asked = 0
    const load = keptOnSuccess(async () => {
      asked += 1
      if (asked === 1) throw new Error('database away')
      return asked
    })
    await expect(load()).rejects.toThrow('database away')
    expect(await load()).toBe(2)
    expect(await load()).toBe(2)
  })
})
