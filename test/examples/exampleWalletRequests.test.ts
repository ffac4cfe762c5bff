import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { answerWalletRequest } from '../../examples/node/walletMethods.js'
import { devPrivateKeys } from '../../services/index.js'

const account = privateKeyToAccount(devPrivateKeys[0])
// fetch refuses port 9 outright: a transaction the wallet wrongly tries to send fails there, on no chain.
const chain = { ...anvil, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
const context = { account, chain, switchTo: async () => true }
const sendTransaction = (chainId: unknown) =>
  answerWalletRequest(context, 'eth_sendTransaction', [
    { from: account.address, to: account.address, value: '0x1', chainId },
  ])

describe('the example wallet sends a transaction only on the chain it was asked on', () => {
  it('refuses a transaction whose chainId names another chain, instead of sending it on this one', async () => {
    for (const chainId of ['0x1', 1, '1'])
      await expect(sendTransaction(chainId)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`must match the active chainId ${anvil.id}`),
      })
  })

  it('refuses a transaction chainId that is no chain id', async () => {
    for (const chainId of ['mainnet', true, 1.5])
      await expect(sendTransaction(chainId)).rejects.toMatchObject({ code: -32602 })
  })
})

describe('the example wallet answers malformed params with -32602 (invalid params), not an internal error', () => {
  it('typed data that is a string but not JSON', async () => {
    await expect(
      answerWalletRequest(context, 'eth_signTypedData_v4', [account.address, '{"domain":']),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('a chain to switch to written as 0x with no digits', async () => {
    await expect(
      answerWalletRequest(context, 'wallet_switchEthereumChain', [{ chainId: '0x' }]),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('a transaction whose value, gas, nonce or fee is 0x with no digits', async () => {
    for (const field of ['value', 'gas', 'nonce', 'gasPrice', 'maxFeePerGas'])
      await expect(
        answerWalletRequest(context, 'eth_sendTransaction', [
          { from: account.address, to: account.address, [field]: '0x' },
        ]),
      ).rejects.toMatchObject({ code: -32602 })
  })
})
