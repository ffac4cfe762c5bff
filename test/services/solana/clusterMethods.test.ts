import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_GENESIS_HASH, solanaTestKey } from '../../../services/solana/index.js'
import { startTestSolana, type TestSolana } from './localSolana.js'

let chain: TestSolana
beforeAll(async () => {
  chain = await startTestSolana()
})
afterAll(() => chain?.close())

describe('the local Solana chain: cluster methods', () => {
  it('answers getHealth, getVersion, getGenesisHash and the CAIP-2 id from the genesis hash', async () => {
    expect(await chain.rpc.getHealth().send()).toBe('ok')
    expect((await chain.rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const genesis = await chain.rpc.getGenesisHash().send()
    expect(genesis).toBe(chain.genesisHash)
    expect(chain.caipNetworkId).toBe(`solana:${genesis.slice(0, 32)}`)
  })

  it('keeps one latest blockhash valid until it is expired, and moves the block height past its lifetime', async () => {
    const { value } = await chain.rpc.getLatestBlockhash().send()
    const again = await chain.rpc.getLatestBlockhash().send()
    expect(again.value.blockhash).toBe(value.blockhash)
    expect((await chain.rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true)
    const height = await chain.rpc.getBlockHeight().send()
    expect(value.lastValidBlockHeight).toBe(height + 150n)
    chain.expireBlockhash()
    expect((await chain.rpc.isBlockhashValid(value.blockhash).send()).value).toBe(false)
    expect(await chain.rpc.getBlockHeight().send()).toBeGreaterThan(value.lastValidBlockHeight)
  })

  it('reports slot, block height and epoch info consistently', async () => {
    const slot = await chain.rpc.getSlot().send()
    const info = await chain.rpc.getEpochInfo().send()
    expect(info.absoluteSlot).toBe(slot)
    expect(info.slotIndex).toBe(slot % info.slotsInEpoch)
    expect(info.blockHeight).toBe(await chain.rpc.getBlockHeight().send())
    expect(info.transactionCount).toBeGreaterThan(0n)
  })

  it('derives the test keys from the test mnemonic and funds keys 0 to 3 with 1,000 SOL', async () => {
    const key = solanaTestKey(0)
    expect(key.seed).toHaveLength(32)
    expect(key.publicKey).toHaveLength(32)
    for (const index of [1, 2, 3]) {
      const { value } = await chain.rpc.getBalance(solanaTestKey(index).address as never).send()
      expect(value).toBe(1_000_000_000_000n)
    }
    const { value: unfunded } = await chain.rpc.getBalance(solanaTestKey(4).address as never).send()
    expect(unfunded).toBe(0n)
  })

  it('starts with a given genesis hash (the devnet stand-in)', async () => {
    const devnet = await startTestSolana({ genesisHash: DEVNET_GENESIS_HASH })
    try {
      expect(await devnet.rpc.getGenesisHash().send()).toBe(DEVNET_GENESIS_HASH)
      expect(devnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    } finally {
      await devnet.close()
    }
  })
})
