import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameAssets, frameCapabilities } from '../../../services/frame/app/walletAssets.js'
import type { FrameChain } from '../../../services/frame/index.js'
import { devPrivateKeys, testUsdToken } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { anvilFrameChain, unreachableChain } from './support/frameFixtures.js'

/** The frame's EIP-5792 capabilities and EIP-7811 asset discovery, read from a real chain. */
let chain: ChainFixture
let anvil: FrameChain
const holder = privateKeyToAccount(devPrivateKeys[0] as `0x${string}`).address
const nobody = '0x00000000000000000000000000000000000000e1'
const elsewhere = unreachableChain

beforeAll(async () => {
  chain = await startChainFixture()
  anvil = anvilFrameChain(chain, { tokens: [{ address: chain.fixtures.testUsd, ...testUsdToken }] })
})
afterAll(() => chain?.stop())

const hex = (n: bigint) => `0x${n.toString(16)}`

describe('the frame’s wallet_getCapabilities', () => {
  it('says asset discovery is supported on every configured chain, or on those the request names', () => {
    expect(frameCapabilities([anvil, elsewhere], holder, [holder])).toEqual({
      '0x7a69': { assetDiscovery: { supported: true } },
      '0xa': { assetDiscovery: { supported: true } },
    })
    expect(frameCapabilities([anvil, elsewhere], holder, [holder.toLowerCase(), ['0xA']])).toEqual({
      '0xa': { assetDiscovery: { supported: true } },
    })
  })

  it('answers 4100 for an account that is not the signed-in one, and -32602 for malformed params', () => {
    expect(() => frameCapabilities([anvil], holder, [nobody])).toThrow(
      expect.objectContaining({ code: 4100 }),
    )
    expect(() => frameCapabilities([anvil], holder, [])).toThrow(expect.objectContaining({ code: -32602 }))
    expect(() => frameCapabilities([anvil], holder, ['0x12'])).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
  })
})

describe('the frame’s wallet_getAssets', () => {
  it('lists the native coin and each configured token the account holds, with balances from the chain', async () => {
    const native = await chain.publicClient.getBalance({ address: holder })
    const assets = await frameAssets([anvil], holder, [{ account: holder, chainFilter: ['0x7a69'] }])
    expect(assets).toEqual({
      '0x7a69': [
        {
          address: 'native',
          balance: hex(native),
          type: 'native',
          metadata: { symbol: 'tETH', decimals: 18 },
        },
        {
          address: chain.fixtures.testUsd,
          balance: expect.stringMatching(/^0x[0-9a-f]+$/),
          type: 'erc20',
          metadata: testUsdToken,
        },
      ],
    })
  })

  it('leaves out a token the account does not hold, and chains the filters leave out', async () => {
    const assets = await frameAssets([anvil, elsewhere], nobody, [
      { account: nobody, chainFilter: ['0x7a69'] },
    ])
    expect(assets).toEqual({
      '0x7a69': [
        { address: 'native', balance: '0x0', type: 'native', metadata: { symbol: 'tETH', decimals: 18 } },
      ],
    })
  })

  it('honours assetTypeFilter and assetFilter (either draft’s entries)', async () => {
    const types = await frameAssets([anvil], holder, [{ account: holder, assetTypeFilter: ['ERC20'] }])
    expect(types['0x7a69']?.map((a) => a.type)).toEqual(['erc20'])
    const named = await frameAssets([anvil, elsewhere], holder, [
      { account: holder, assetFilter: { '0x7a69': [{ address: 'native', type: 'native' }] } },
    ])
    expect(Object.keys(named)).toEqual(['0x7a69'])
    expect(named['0x7a69']?.map((a) => a.address)).toEqual(['native'])
    const byAddress = await frameAssets([anvil], holder, [
      { account: holder, assetFilter: { '0x7a69': [chain.fixtures.testUsd.toLowerCase()] } },
    ])
    expect(byAddress['0x7a69']?.map((a) => a.type)).toEqual(['erc20'])
  })

  it('answers 4100 for another account and -32602 for params that are not EIP-7811’s, asking no chain', async () => {
    await expect(frameAssets([elsewhere], holder, [{ account: nobody }])).rejects.toMatchObject({
      code: 4100,
    })
    for (const params of [
      [],
      [{}],
      [{ account: holder, chainFilter: 'all' }],
      [{ account: holder, chainFilter: Array(51).fill('0x1') }],
    ])
      await expect(frameAssets([elsewhere], holder, params)).rejects.toMatchObject({ code: -32602 })
  })
})
