import { recoverMessageAddress, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { FrameSession } from '../../../services/frame/app/session.js'
import type { Row } from '../../../services/frame/app/ui/screens.js'
import { testFrameHandlers, unreachableChain } from './support/frameFixtures.js'

/** The approvals shown, each approved at once (the screen itself is the e2e tests'). */
const shown: Row[][] = []
vi.mock('../../../services/frame/app/ui/screens.js', async (original) => ({
  ...(await original<typeof import('../../../services/frame/app/ui/screens.js')>()),
  idleScreen: () => {},
  approvalScreen: async (_signal: AbortSignal, { rows }: { rows: Row[] }) => {
    shown.push(rows)
    return true
  },
}))

const hostOrigin = 'http://localhost:5173'
const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const user = { email: 'ada@example.com', address: account.address, walletId: 'w', version: 1 }

function frame() {
  const session = {
    user,
    account: async () => account,
    preferredAccountType: async () => 'eoa',
  } as unknown as FrameSession
  return testFrameHandlers(session, { hostOrigin })
}

const personalSign = (message: string) =>
  frame().RPC_REQUEST({
    method: 'personal_sign',
    params: [message, account.address],
    chainId: unreachableChain.chainId,
    chainNamespace: 'eip155',
  }) as Promise<`0x${string}`>

describe('personal_sign in the secure frame signs the message its approval shows', () => {
  beforeEach(() => {
    shown.length = 0
  })

  it('hex of whole bytes is signed as those bytes, shown as their text', async () => {
    const signature = await personalSign(toHex('hi'))
    expect(shown).toEqual([[{ label: 'Message', value: 'hi' }]])
    expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(account.address)
  })

  it('text that is not hex of whole bytes ("hello", "0xabc") is signed as the UTF-8 text shown, not read as hex', async () => {
    for (const text of ['hello', '0xabc', '0xZZ']) {
      shown.length = 0
      const signature = await personalSign(text)
      expect(shown).toEqual([[{ label: 'Message', value: text }]])
      expect(await recoverMessageAddress({ message: text, signature })).toBe(account.address)
    }
  })
})
