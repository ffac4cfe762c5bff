import { describe, expect, it } from 'vitest'
import { pendingSends } from '../../../services/frame/app/pendingSends.js'

const account = '0x1111111111111111111111111111111111111111'
const hash = `0x${'ab'.repeat(32)}` as const
const neverSettled = async () => false
const noChain = async () => null

describe('what a frame sent that the next request waits for', () => {
  it('refuses a request past the wait, and the next one too while the send can still be pending', async () => {
    const sends = pendingSends({
      settled: neverSettled,
      stillPending: 'still pending',
      waitMs: 50,
      pollMs: 10,
    })
    sends.sent(1, account, hash)
    await expect(sends.mined(noChain, 1, account)).rejects.toThrow('still pending')
    await expect(sends.mined(noChain, 1, account)).rejects.toThrow('still pending')
  })

  it('forgets, once the wait ran out, a send whose loss no chain call tells (a bundler drops an operation unseen), so the next request is prepared anew', async () => {
    const sends = pendingSends({
      settled: neverSettled,
      stillPending: 'still pending',
      waitMs: 50,
      pollMs: 10,
      forgottenAfterWait: true,
    })
    sends.sent(1, account, hash)
    await expect(sends.mined(noChain, 1, account)).rejects.toThrow('still pending')
    expect(sends.pending(1, account)).toBe(false)
    await expect(sends.mined(noChain, 1, account)).resolves.toBeUndefined()
  })
})
