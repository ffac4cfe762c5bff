import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage } from '../../../engine/siwx/index.js'
import type { SIWXMessageData } from '../../../engine/siwx/types.js'
import { FrameFailure } from '../../../services/frame/app/frameServer.js'
import type { FrameSession } from '../../../services/frame/app/session.js'
import { testFrameHandlers } from './support/frameFixtures.js'

const hostOrigin = 'http://localhost:5173'
const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const user = { email: 'ada@example.com', address: account.address, walletId: 'w', version: 1 }

/** The frame's handlers over a signed-in session whose account is a plain key; counts the signatures. */
function handlers() {
  const signed: string[] = []
  const session = {
    user,
    restore: async () => user,
    account: async () => ({
      ...account,
      signMessage: async ({ message }: { message: string }) => {
        signed.push(message)
        return account.signMessage({ message })
      },
    }),
  } as unknown as FrameSession
  const chains = [
    {
      chainId: 1,
      name: 'Ethereum',
      rpcUrl: 'http://127.0.0.1:1',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
    },
  ]
  return { signed, frame: testFrameHandlers(session, { hostOrigin, chains }) }
}

const data = (over: Partial<SIWXMessageData> = {}): SIWXMessageData => ({
  accountAddress: account.address,
  chainId: 'eip155:1',
  domain: 'localhost:5173',
  uri: `${hostOrigin}/`,
  version: '1',
  nonce: 'n0nce1234567',
  issuedAt: new Date().toISOString(),
  ...over,
})

describe("GET_USER's one-click sign-in (AppKit's, signed without a screen)", () => {
  it("signs a sign-in for the host's own domain with no resources, without asking", async () => {
    const { signed, frame } = handlers()
    const siwxMessage = data()
    const answer = await frame.GET_USER({ chainId: 1, siwxMessage })
    expect(answer).toMatchObject({ message: formatSiwxMessage(siwxMessage) })
    expect(signed).toHaveLength(1)
  })

  it('refuses a sign-in that carries resources (ReCaps) the user never saw, and signs nothing', async () => {
    const { signed, frame } = handlers()
    const recap = `urn:recap:${Buffer.from('{"att":{"eip155":{"request/eth_sendTransaction":[{}]}}}').toString('base64url')}`
    for (const resources of [[recap], ['https://example.com/terms']]) {
      const refused = frame.GET_USER({ chainId: 1, siwxMessage: data({ resources }) })
      await expect(refused).rejects.toBeInstanceOf(FrameFailure)
      await expect(refused).rejects.toThrow(/resources/)
    }
    expect(signed).toEqual([])
  })

  it('refuses a serialized message whose resources lines its data does not list', async () => {
    const { signed, frame } = handlers()
    const siwxMessage = data()
    const serializedMessage = `${formatSiwxMessage(siwxMessage)}\nResources:\n- urn:recap:eyJhdHQiOnt9fQ`
    await expect(
      frame.GET_USER({ chainId: 1, siwxMessage: { ...siwxMessage, serializedMessage } }),
    ).rejects.toBeInstanceOf(FrameFailure)
    expect(signed).toEqual([])
  })
})
