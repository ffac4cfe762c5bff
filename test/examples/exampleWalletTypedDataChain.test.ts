import { verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { answerWalletRequest } from '../../examples/node/walletMethods.js'
import { devPrivateKeys } from '../../services/index.js'

const account = privateKeyToAccount(devPrivateKeys[0])
const context = { account, chain: anvil, switchTo: async () => false }
const typedData = (chainId?: unknown) => ({
  domain: { name: 'Permit', version: '1', ...(chainId === undefined ? {} : { chainId }) },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'hello' },
})
const signTypedData = (data: unknown) =>
  answerWalletRequest(context, 'eth_signTypedData_v4', [account.address, JSON.stringify(data)])

describe('the example wallet signs typed data only for the chain it was asked on', () => {
  it('refuses a domain naming another chain, so the signature cannot be spent there', async () => {
    for (const chainId of [1, '0x1', '1'])
      await expect(signTypedData(typedData(chainId))).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`must match the active chainId ${anvil.id}`),
      })
  })

  it('refuses a domain chainId that is no chain id', async () => {
    for (const chainId of [true, 'mainnet', 1.5])
      await expect(signTypedData(typedData(chainId))).rejects.toMatchObject({ code: -32602 })
  })

  it("signs a domain naming the request's chain, as a number, hex or decimal string, or naming none", async () => {
    for (const chainId of [31337, '0x7a69', '31337', undefined]) {
      const data = typedData(chainId)
      const signature = (await signTypedData(data)) as `0x${string}`
      const domain =
        chainId === undefined ? data.domain : { ...data.domain, chainId: BigInt(chainId as string) }
      expect(await verifyTypedData({ address: account.address, ...data, domain, signature } as never)).toBe(
        true,
      )
    }
  })
})
