import { createWalletClient, formatEther, formatUnits, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  devAccountBalanceWei,
  devPrivateKeys,
  fixtureDeployerKey,
  localNetwork,
  testNftAbi,
  testNftMintedAtDeploy,
  testUsdAbi,
  testUsdSupply,
} from '../../services/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

describe('local chain fixture', () => {
  let chain: ChainFixture
  const account0 = privateKeyToAccount(devPrivateKeys[0]).address

  beforeAll(async () => {
    chain = await startChainFixture()
  })
  afterAll(async () => {
    await chain?.stop()
  })

  it('answers eth_chainId 0x7a69 on a loopback port', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await chain.publicClient.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('funds account 0 with exactly 10000 tETH (fixtures are deployed from another account)', async () => {
    expect(await chain.publicClient.getBalance({ address: account0 })).toBe(devAccountBalanceWei)
    expect(formatEther(devAccountBalanceWei)).toBe('10000')
  })

  it('deploys Test USD (tUSD, 6 decimals) with the whole supply on account 0', async () => {
    const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
      chain.publicClient.readContract({ address: chain.fixtures.testUsd, abi: testUsdAbi, functionName })
    expect(await read('name')).toBe('Test USD')
    expect(await read('symbol')).toBe('tUSD')
    expect(await read('decimals')).toBe(6)
    const balance = await chain.publicClient.readContract({
      address: chain.fixtures.testUsd,
      abi: testUsdAbi,
      functionName: 'balanceOf',
      args: [account0],
    })
    expect(formatUnits(balance, 6)).toBe('1000000')
    expect(balance).toBe(testUsdSupply)
  })

  it('deploys Test Pairs (tPAIR, ERC-721) with tokens 1…3 on account 0 and data: URL metadata', async () => {
    const nft = { address: chain.fixtures.testNft, abi: testNftAbi } as const
    expect(await chain.publicClient.readContract({ ...nft, functionName: 'name' })).toBe('Test Pairs')
    expect(await chain.publicClient.readContract({ ...nft, functionName: 'symbol' })).toBe('tPAIR')
    expect(
      await chain.publicClient.readContract({ ...nft, functionName: 'balanceOf', args: [account0] }),
    ).toBe(testNftMintedAtDeploy)
    for (const tokenId of [1n, 2n, 3n])
      expect(
        await chain.publicClient.readContract({ ...nft, functionName: 'ownerOf', args: [tokenId] }),
      ).toBe(account0)
    const uri = await chain.publicClient.readContract({ ...nft, functionName: 'tokenURI', args: [2n] })
    const prefix = 'data:application/json;base64,'
    expect(uri.startsWith(prefix)).toBe(true)
    const metadata = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8'))
    expect(metadata).toMatchObject({ name: 'Test Pair #2', description: 'A Pairwise test NFT.' })
    const svgPrefix = 'data:image/svg+xml;base64,'
    expect(metadata.image.startsWith(svgPrefix)).toBe(true)
    expect(Buffer.from(metadata.image.slice(svgPrefix.length), 'base64').toString('utf8')).toMatch(
      /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'.*#2<\/text><\/svg>$/,
    )
  })

  it('lets only the deployer mint tPAIR', async () => {
    const id = await chain.snapshot()
    const nft = { address: chain.fixtures.testNft, abi: testNftAbi } as const
    const stranger = privateKeyToAccount(devPrivateKeys[3])
    const deployer = createWalletClient({
      account: privateKeyToAccount(fixtureDeployerKey),
      chain: localNetwork(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
    const hash = await deployer.writeContract({ ...nft, functionName: 'mint', args: [stranger.address] })
    await chain.publicClient.waitForTransactionReceipt({ hash })
    expect(await chain.publicClient.readContract({ ...nft, functionName: 'ownerOf', args: [4n] })).toBe(
      stranger.address,
    )
    await expect(
      chain.publicClient.simulateContract({
        ...nft,
        account: stranger,
        functionName: 'mint',
        args: [stranger.address],
      }),
    ).rejects.toThrow(/NotMinter/)
    await chain.revert(id)
  })

  it('reverts to a snapshot', async () => {
    const id = await chain.snapshot()
    const stranger = privateKeyToAccount(devPrivateKeys[3]).address
    await chain.testClient.setBalance({ address: stranger, value: 1n })
    expect(await chain.publicClient.getBalance({ address: stranger })).toBe(1n)
    await chain.revert(id)
    expect(await chain.publicClient.getBalance({ address: stranger })).toBe(devAccountBalanceWei)
  })

  it('leaves nothing listening once stopped', async () => {
    const other = await startChainFixture()
    await other.stop()
    await expect(fetch(other.rpcUrl, { method: 'POST' })).rejects.toThrow()
    expect(() => process.kill(other.pid, 0)).toThrow()
  })
})
