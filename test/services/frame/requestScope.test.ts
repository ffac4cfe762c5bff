import { numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { FrameSession } from '../../../services/frame/app/session.js'
import { testFrameHandlers, unreachableChain } from './support/frameFixtures.js'

const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const other = privateKeyToAccount(`0x${'43'.repeat(32)}`).address
const recipient = '0x000000000000000000000000000000000000dEaD'

/** A signed-in frame whose only chain (10) nobody answers: a request that gets past the checks fails reaching it. */
function request(method: string, params: unknown[]) {
  const session = {
    user: { email: 'ada@example.com', address: account.address, walletId: 'w', version: 1 },
    account: async () => account,
    preferredAccountType: async () => 'eoa',
  } as unknown as FrameSession
  const handlers = testFrameHandlers(session, { hostOrigin: 'http://localhost:5173' })
  return handlers.RPC_REQUEST({ method, params, chainId: unreachableChain.chainId, chainNamespace: 'eip155' })
}

const sendTransaction = (transaction: Record<string, unknown>) =>
  request('eth_sendTransaction', [{ to: recipient, value: numberToHex(1n), ...transaction }])

describe('eth_sendTransaction in the secure frame is signed only for the chain and the account it names', () => {
  it('a transaction naming another chain than the frame signs for is refused as that chain, before anything is prepared', async () => {
    await expect(sendTransaction({ from: account.address, chainId: '0x89' })).rejects.toMatchObject({
      code: 4902,
      message: 'The transaction is for chain 0x89',
    })
    await expect(sendTransaction({ chainId: 137 })).rejects.toMatchObject({ code: 4902 })
  })

  it('a transaction naming another sender than the signed-in account is refused, before anything is prepared', async () => {
    await expect(sendTransaction({ from: other })).rejects.toMatchObject({
      code: 4100,
      message: 'The account is not this wallet’s',
    })
  })

  it('a sender or chain id that is not one is refused as invalid parameters', async () => {
    for (const transaction of [{ from: 'me' }, { chainId: 'ten' }, { chainId: -10 }])
      await expect(sendTransaction(transaction)).rejects.toMatchObject({
        code: -32602,
        message: 'Invalid request parameters',
      })
  })

  it('a transaction naming the frame’s chain (hex or number) and its account, in any case, goes on to be prepared', async () => {
    for (const transaction of [
      { from: account.address.toLowerCase(), chainId: numberToHex(unreachableChain.chainId) },
      { chainId: unreachableChain.chainId },
      {},
    ])
      await expect(sendTransaction(transaction)).rejects.toThrow('Elsewhere cannot be reached')
  })
})

describe('a signature in the secure frame is made only for the account it names', () => {
  const typedData = JSON.stringify({
    domain: { name: 'Demo', chainId: unreachableChain.chainId },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
    },
    primaryType: 'EIP712Domain',
    message: {},
  })

  it('a personal_sign or eth_signTypedData_v4 naming another signer is refused before anything is shown', async () => {
    for (const [method, params] of [
      ['personal_sign', ['0x68656c6c6f', other]],
      ['eth_signTypedData_v4', [other, typedData]],
    ] as const)
      await expect(request(method, [...params])).rejects.toMatchObject({
        code: 4100,
        message: 'The account is not this wallet’s',
      })
  })

  it('a personal_sign or eth_signTypedData_v4 whose signer is no address is refused as invalid parameters, the other way round too', async () => {
    for (const [method, params] of [
      ['personal_sign', ['0x68656c6c6f']],
      ['personal_sign', [account.address, '0x68656c6c6f']],
      ['personal_sign', ['0x68656c6c6f', `eip155:1:${account.address}`]],
      ['eth_signTypedData_v4', [typedData, account.address]],
    ] as const)
      await expect(request(method, [...params])).rejects.toMatchObject({
        code: -32602,
        message: 'Invalid request parameters',
      })
  })
})
