import { recoverMessageAddress, toHex, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { FrameSession } from '../../../services/frame/app/session.js'
import type { Row } from '../../../services/frame/app/ui/screens.js'
import { testFrameHandlers, unreachableChain } from './support/frameFixtures.js'

/**
 * The approvals shown, each approved at once unless a test holds the answer (the screen itself is the e2e
 * tests'); `page` is what the frame's page shows now, as the real screens replace one another.
 */
const shown: Row[][] = []
const page: { showing: string; held: boolean; answer?: (approved: boolean) => void } = {
  showing: 'idle',
  held: false,
}
vi.mock('../../../services/frame/app/ui/screens.js', async (original) => {
  const screens = await original<typeof import('../../../services/frame/app/ui/screens.js')>()
  return {
    ...screens,
    idleScreen: () => {
      page.showing = 'idle'
    },
    approvalScreen: (signal: AbortSignal, { rows }: { rows: Row[] }) =>
      new Promise<boolean>((resolve, reject) => {
        shown.push(rows)
        page.showing = rows.map((row) => row.value).join(' ')
        if (!page.held) return resolve(true)
        page.answer = resolve
        signal.addEventListener('abort', () => reject(new screens.ScreenAborted()), { once: true })
      }),
  }
})

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

beforeEach(() => {
  shown.length = 0
  page.showing = 'idle'
  page.held = false
  page.answer = undefined
})

describe('personal_sign in the secure frame signs the message its approval shows', () => {
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

const signTypedData = (typedData: unknown) =>
  frame().RPC_REQUEST({
    method: 'eth_signTypedData_v4',
    params: [account.address, typedData],
    chainId: unreachableChain.chainId,
    chainNamespace: 'eip155',
  }) as Promise<`0x${string}`>

const mailTypes = { Mail: [{ name: 'contents', type: 'string' }] }
const mail = { contents: 'Hello, Bob!' }

describe('eth_signTypedData_v4 in the secure frame signs for the domain its approval shows', () => {
  it('a chain id sent as text, with no EIP712Domain declared, binds the signature to that chain, as shown', async () => {
    const chainId = unreachableChain.chainId
    const signature = await signTypedData(
      JSON.stringify({
        types: mailTypes,
        primaryType: 'Mail',
        domain: { name: 'Ether Mail', chainId: String(chainId) },
        message: mail,
      }),
    )
    expect(shown).toEqual([
      [
        { label: 'Type', value: 'Mail' },
        { label: 'App', value: 'Ether Mail' },
        { label: 'contents', value: 'Hello, Bob!' },
      ],
    ])
    const domain = { name: 'Ether Mail', chainId: BigInt(chainId) }
    const signed = {
      address: account.address,
      types: mailTypes,
      primaryType: 'Mail' as const,
      message: mail,
      signature,
    }
    expect(await verifyTypedData({ ...signed, domain })).toBe(true)
    expect(await verifyTypedData({ ...signed, domain: { ...domain, chainId: 1n } })).toBe(false)
  })

  it('a domain without a chain id is shown as valid on any chain', async () => {
    const typedData = {
      types: mailTypes,
      primaryType: 'Mail' as const,
      domain: { name: 'Ether Mail' },
      message: mail,
    }
    const signature = await signTypedData(typedData)
    expect(shown[0]?.[0]).toEqual({ label: 'For any chain', value: 'not bound to one chain', tone: 'warn' })
    expect(await verifyTypedData({ ...typedData, address: account.address, signature })).toBe(true)
  })

  it("another chain than the frame's is named before the fields", async () => {
    await signTypedData({ types: mailTypes, primaryType: 'Mail', domain: { chainId: 1 }, message: mail })
    expect(shown[0]?.[0]).toEqual({ label: 'For another chain', value: 'chain 1', tone: 'warn' })
  })

  it('a domain field EIP712Domain leaves out, so that the signature would not bind it, is refused before any approval', async () => {
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], ...mailTypes },
      primaryType: 'Mail',
      domain: {
        name: 'Ether Mail',
        chainId: unreachableChain.chainId,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      message: mail,
    }
    await expect(signTypedData(typedData)).rejects.toMatchObject({ message: 'Invalid request parameters' })
    expect(shown).toEqual([])
  })
})

describe('a new request while an approval shows (two requests in flight)', () => {
  it('the approval that replaced an aborted one stays on screen, and approving it signs its own message', async () => {
    page.held = true
    const handlers = frame()
    const sign = (message: string) =>
      handlers.RPC_REQUEST({
        method: 'personal_sign',
        params: [message, account.address],
        chainId: unreachableChain.chainId,
        chainNamespace: 'eip155',
      }) as Promise<`0x${string}`>
    const first = sign('first')
    first.catch(() => undefined)
    await vi.waitFor(() => expect(page.showing).toBe('first'))
    const second = sign('second')
    // The first ends only once the second's approval began (and showed): its end has then run.
    await expect(first).rejects.toMatchObject({ code: 4001 })
    expect(page.showing).toBe('second')
    page.answer?.(true)
    const signature = await second
    expect(await recoverMessageAddress({ message: 'second', signature })).toBe(account.address)
    expect(page.showing).toBe('idle')
  })
})
