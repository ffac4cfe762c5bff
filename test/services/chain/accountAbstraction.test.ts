import { concat, createWalletClient, encodeFunctionData, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployAccountAbstraction, localNetwork } from '../../../services/chain/index.js'
import { npmBuild } from '../../../services/chain/npmBuild.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'

const simple7702Abi = npmBuild('@account-abstraction/contracts/artifacts/Simple7702Account.json').abi

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

describe('ERC-4337 and EIP-7702 on the local chain', () => {
  it('has the EntryPoint v0.8, SimpleAccountFactory and Simple7702Account at their canonical addresses', async () => {
    const { entryPoint, simpleAccountFactory, simple7702Account } = chain.fixtures
    expect({ entryPoint, simpleAccountFactory, simple7702Account }).toEqual({
      entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      simpleAccountFactory: '0x13E9ed32155810FDbd067D4522C492D6f68E5944',
      simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
    })
    for (const address of [entryPoint, simpleAccountFactory, simple7702Account])
      expect((await chain.publicClient.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
  })

  it('deploys nothing again on a chain that has them', async () => {
    const blockBefore = await chain.publicClient.getBlockNumber()
    const again = await deployAccountAbstraction(chain.rpcUrl, chain.chainId)
    expect(again).toEqual({
      entryPoint: chain.fixtures.entryPoint,
      simpleAccountFactory: chain.fixtures.simpleAccountFactory,
      simple7702Account: chain.fixtures.simple7702Account,
    })
    expect(await chain.publicClient.getBlockNumber()).toBe(blockBefore)
  })

  it('an EOA delegates to Simple7702Account and sends two transfers in one type-4 transaction, keeping its address', async () => {
    const snapshot = await chain.snapshot()
    try {
      const owner = privateKeyToAccount(generatePrivateKey())
      await chain.testClient.setBalance({ address: owner.address, value: parseEther('10') })
      const wallet = createWalletClient({
        account: owner,
        chain: localNetwork(chain.rpcUrl, chain.chainId),
        transport: http(chain.rpcUrl),
      })
      const recipients = [
        privateKeyToAccount(generatePrivateKey()).address,
        privateKeyToAccount(generatePrivateKey()).address,
      ] as const
      const authorization = await wallet.signAuthorization({
        contractAddress: chain.fixtures.simple7702Account,
        executor: 'self',
      })
      const hash = await wallet.sendTransaction({
        to: owner.address,
        authorizationList: [authorization],
        data: encodeFunctionData({
          abi: simple7702Abi,
          functionName: 'executeBatch',
          args: [
            [
              { target: recipients[0], value: parseEther('1'), data: '0x' },
              { target: recipients[1], value: parseEther('2'), data: '0x' },
            ],
          ],
        }),
      })
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash })
      expect(receipt).toMatchObject({ status: 'success', type: 'eip7702' })
      expect(receipt.from.toLowerCase()).toBe(owner.address.toLowerCase())
      expect(receipt.to?.toLowerCase()).toBe(owner.address.toLowerCase())
      expect(await chain.publicClient.getBalance({ address: recipients[0] })).toBe(parseEther('1'))
      expect(await chain.publicClient.getBalance({ address: recipients[1] })).toBe(parseEther('2'))
      // The delegation designator: 0xef0100 then the implementation's address, on the EOA's own address.
      expect(await chain.publicClient.getCode({ address: owner.address })).toBe(
        concat(['0xef0100', chain.fixtures.simple7702Account]).toLowerCase(),
      )
    } finally {
      await chain.revert(snapshot)
    }
  })
})
