import solc from 'solc'
import { type Abi, type Address, createWalletClient, type Hex, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { newest } from '../../../services/api/activity/activityCursor.js'
import { listActivity } from '../../../services/api/activity/listActivity.js'
import { nftsHeldBy } from '../../../services/api/activity/nftHoldings.js'
import { type Database, migrate } from '../../../services/api/db/index.js'
import {
  type Indexer,
  type IndexerOptions,
  indexerMigrations,
  startIndexer,
} from '../../../services/api/indexer/index.js'
import { TOKENS_READ_AT_ONCE } from '../../../services/api/indexer/startIndexer.js'
import {
  devPrivateKeys,
  fixtureDeployerKey,
  localNetwork,
  testNftAbi,
  testUsdAbi,
} from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { callsInFlightRpc } from './support/callsInFlightRpc.js'
import { cappedLogsRpc, logsRewritingRpc } from './support/cappedLogsRpc.js'
import { eachDatabase } from './support/databases.js'

const silent = { info() {}, warn() {}, error() {} }

// Tokens that mint 1 to `to` on deploy: one whose name the test picks, one answering its name and
// symbol as bytes32 (as MKR and SAI do), and one without name().
const namedTokenSource = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;
contract Named {
  string public name; string public symbol; uint8 public decimals = 0;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(string memory n, address to) { name = n; symbol = n; emit Transfer(address(0), to, 1); }
}
contract Bytes32Named {
  bytes32 public name = "Maker"; bytes32 public symbol = "MKR"; uint8 public decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(address to) { emit Transfer(address(0), to, 1); }
}
contract Unnamed {
  string public symbol = "ANON"; uint8 public decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(address to) { emit Transfer(address(0), to, 1); }
}`

function compileNamed(contract: 'Named' | 'Bytes32Named' | 'Unnamed'): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'Named.sol': { content: namedTokenSource } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const { abi, evm } = JSON.parse(solc.compile(JSON.stringify(input))).contracts['Named.sol'][contract]
  return { abi, bytecode: `0x${evm.bytecode.object}` }
}
const namedToken = compileNamed('Named')
const bytes32NamedToken = compileNamed('Bytes32Named')
const unnamedToken = compileNamed('Unnamed')
const account0 = privateKeyToAccount(devPrivateKeys[0]).address

describe.each(eachDatabase())('the indexer on $name', (store) => {
  let chain: ChainFixture
  let db: Database
  const running: Indexer[] = []
  const walletOf = (key: Hex) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain: localNetwork(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
  const mined = async (hash: Promise<Hex>) =>
    chain.publicClient.waitForTransactionReceipt({ hash: await hash })
  const sendEth = (to: Address, ether: string) =>
    mined(walletOf(devPrivateKeys[0]).sendTransaction({ to, value: parseEther(ether) }))
  const sendUsd = (to: Address, amount: string) =>
    mined(
      walletOf(devPrivateKeys[0]).writeContract({
        address: chain.fixtures.testUsd,
        abi: testUsdAbi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, 6)],
      }),
    )
  const activityOf = async (address: Address, limit = 100) =>
    (await listActivity(db, { chainId: chain.chainId, address, after: newest, limit, nativeDecimals: 18 }))
      .data
  const index = (
    options: Partial<
      Pick<IndexerOptions, 'rpcUrl' | 'fromBlock' | 'maxBlocksPerRange' | 'maxLogsPerRange' | 'keepHashes'>
    > = {},
  ) => {
    const indexer = startIndexer({
      db,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      logger: silent,
      ...options,
    })
    running.push(indexer)
    return indexer
  }
  const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

  beforeAll(async () => {
    chain = await startChainFixture()
  })
  afterEach(async () => {
    for (const indexer of running.splice(0)) await indexer.stop()
  })
  afterAll(() => chain?.stop())

  const freshDatabase = async () => {
    db = await store.open()
    await migrate(db, [indexerMigrations])
  }

  it('catches up from block 0: native, ERC-20 and ERC-721 transfers, token metadata read once', async () => {
    await freshDatabase()
    const holder = freshAddress()
    await sendEth(holder, '1.5')
    await sendUsd(holder, '2.25')
    const nft = await mined(
      walletOf(devPrivateKeys[0]).writeContract({
        address: chain.fixtures.testNft,
        abi: testNftAbi,
        functionName: 'transferFrom',
        args: [account0, holder, 2n],
      }),
    )
    // A transaction that reverts moves no value: it is not listed.
    const failed = await mined(
      walletOf(devPrivateKeys[0]).sendTransaction({ to: chain.fixtures.testUsd, value: 1n, gas: 100_000n }),
    )
    expect(failed.status).toBe('reverted')
    const indexer = index()
    await indexer.caughtUp()
    expect(indexer.head()).toBe(Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })))

    const items = await activityOf(holder)
    expect(
      items.map(({ kind, direction, amount, tokenId }) => ({ kind, direction, amount, tokenId })),
    ).toEqual([
      { kind: 'erc721', direction: 'in', amount: '1', tokenId: '2' },
      { kind: 'erc20', direction: 'in', amount: '2.25', tokenId: undefined },
      { kind: 'native', direction: 'in', amount: '1.5', tokenId: undefined },
    ])
    expect(items[0]).toMatchObject({
      hash: nft.transactionHash,
      blockNumber: Number(nft.blockNumber),
      from: account0,
      to: holder,
      status: 'confirmed',
      token: { address: chain.fixtures.testNft, name: 'Test Pairs', symbol: 'tPAIR', decimals: 0 },
    })
    expect(items[1]?.token).toEqual({
      address: chain.fixtures.testUsd,
      name: 'Test USD',
      symbol: 'tUSD',
      decimals: 6,
    })
    const block = await chain.publicClient.getBlock({ blockNumber: nft.blockNumber })
    expect(items[0]?.timestamp).toBe(Number(block.timestamp))
    // The fixtures' deploy-time mints are there too, and no row for the reverted transaction.
    const sent = await activityOf(account0)
    expect(sent.some((item) => item.hash === failed.transactionHash)).toBe(false)
    expect(
      sent.filter((item) => item.kind === 'erc721' && item.direction === 'in').map((i) => i.tokenId),
    ).toEqual(['3', '2', '1'])
    expect(await db.all('SELECT address, kind FROM indexer_tokens ORDER BY kind')).toEqual([
      { address: chain.fixtures.testUsd.toLowerCase(), kind: 'erc20' },
      { address: chain.fixtures.testNft.toLowerCase(), kind: 'erc721' },
    ])
    expect(await nftsHeldBy(db, { chainId: chain.chainId, address: holder, limit: 10 })).toEqual([
      {
        token: chain.fixtures.testNft.toLowerCase(),
        tokenId: '2',
        collection: { name: 'Test Pairs', symbol: 'tPAIR' },
      },
    ])
    expect(
      (await nftsHeldBy(db, { chainId: chain.chainId, address: account0, limit: 10 })).map((n) => n.tokenId),
    ).toEqual(['3', '1'])
  })

  it('reads in bounded ranges: tiny ranges and a log cap that forces splitting index the same rows', async () => {
    await freshDatabase()
    const receivers = [freshAddress(), freshAddress()]
    // Several transfers per block, so a one-log cap has to fall back to single blocks.
    await chain.testClient.setAutomine(false)
    const pending = []
    const wallet = walletOf(devPrivateKeys[0])
    let nonce = await chain.publicClient.getTransactionCount({ address: account0 })
    for (const to of receivers)
      pending.push(
        wallet.writeContract({
          address: chain.fixtures.testUsd,
          abi: testUsdAbi,
          functionName: 'transfer',
          args: [to, 1n],
          nonce: nonce++,
          gas: 100_000n,
        }),
        wallet.sendTransaction({ to, value: 1n, nonce: nonce++, gas: 21_000n }),
      )
    const hashes = await Promise.all(pending)
    await chain.testClient.mine({ blocks: 1 })
    await chain.testClient.setAutomine(true)
    await Promise.all(hashes.map((hash) => chain.publicClient.waitForTransactionReceipt({ hash })))
    const whole = index()
    await whole.caughtUp()
    await whole.stop()
    const expected = await db.all(
      'SELECT * FROM indexer_transfers ORDER BY block_number, tx_index, log_index',
    )
    expect(expected.length).toBeGreaterThanOrEqual(9)

    await freshDatabase()
    const bounded = index({ maxBlocksPerRange: 3, maxLogsPerRange: 1 })
    await bounded.caughtUp()
    expect(
      await db.all('SELECT * FROM indexer_transfers ORDER BY block_number, tx_index, log_index'),
    ).toEqual(expected)
    for (const to of receivers)
      expect((await activityOf(to)).map((item) => item.kind)).toEqual(['native', 'erc20'])
  })

  it('reads a range the provider refuses for too many logs (as Infura and Alchemy do) in smaller ranges', async () => {
    await freshDatabase()
    const start = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1
    const holder = freshAddress()
    for (const amount of ['1', '2', '3', '4']) await sendUsd(holder, amount)
    const rpc = await cappedLogsRpc(chain.rpcUrl, 1)
    const indexer = index({ rpcUrl: rpc.url, fromBlock: start })
    try {
      await indexer.caughtUp()
      expect((await activityOf(holder)).map((item) => item.amount)).toEqual(['4', '3', '2', '1'])
    } finally {
      await indexer.stop()
      await rpc.close()
    }
  }, 10_000)

  it('places a transfer in the block its log hash names, whatever block number the node says the log is in', async () => {
    await freshDatabase()
    const start = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1
    const holder = freshAddress()
    const { blockNumber } = await sendUsd(holder, '1')
    // Every log said to be in block 0: below any range a rollback of the real block would drop.
    const rpc = await logsRewritingRpc(chain.rpcUrl, (answer) => ({
      ...answer,
      result: (answer.result as object[]).map((log) => ({ ...log, blockNumber: '0x0' })),
    }))
    const indexer = index({ rpcUrl: rpc.url, fromBlock: start })
    try {
      await indexer.caughtUp()
      expect((await activityOf(holder)).map((item) => item.blockNumber)).toEqual([Number(blockNumber)])
    } finally {
      await indexer.stop()
      await rpc.close()
    }
  }, 10_000)

  it('warns and backs off, rather than re-reading the range every poll in silence, while the node answers logs of no block it read', async () => {
    await freshDatabase()
    const start = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1
    await sendUsd(freshAddress(), '1')
    const rpc = await logsRewritingRpc(chain.rpcUrl, (answer) => ({
      ...answer,
      result: (answer.result as object[]).map((log) => ({ ...log, blockHash: null })),
    }))
    const warnings: unknown[] = []
    const indexer = startIndexer({
      db,
      rpcUrl: rpc.url,
      chainId: chain.chainId,
      fromBlock: start,
      logger: { ...silent, warn: (_event, fields) => warnings.push(fields) },
    })
    running.push(indexer)
    try {
      await expect.poll(() => warnings.length, { timeout: 3000 }).toBeGreaterThan(0)
      expect(String((warnings[0] as { error: string }).error)).toMatch(/not one of the blocks read/)
      expect(indexer.head()).toBe(-1)
    } finally {
      await indexer.stop()
      await rpc.close()
    }
  }, 10_000)

  it('reads a single block holding more logs than the provider answers from its receipts, missing none', async () => {
    await freshDatabase()
    const start = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1
    const holders = [freshAddress(), freshAddress(), freshAddress()]
    await chain.testClient.setAutomine(false)
    const wallet = walletOf(devPrivateKeys[0])
    let nonce = await chain.publicClient.getTransactionCount({ address: account0 })
    const hashes = await Promise.all(
      holders.map((to, i) =>
        wallet.writeContract({
          address: chain.fixtures.testUsd,
          abi: testUsdAbi,
          functionName: 'transfer',
          args: [to, parseUnits(String(i + 1), 6)],
          nonce: nonce++,
          gas: 100_000n,
        }),
      ),
    )
    await chain.testClient.mine({ blocks: 1 })
    await chain.testClient.setAutomine(true)
    await Promise.all(hashes.map((hash) => chain.publicClient.waitForTransactionReceipt({ hash })))
    const rpc = await cappedLogsRpc(chain.rpcUrl, 2)
    const indexer = index({ rpcUrl: rpc.url, fromBlock: start })
    try {
      await indexer.caughtUp()
      expect(
        await Promise.all(holders.map(async (holder) => (await activityOf(holder)).map((i) => i.amount))),
      ).toEqual([['1'], ['2'], ['3']])
    } finally {
      await indexer.stop()
      await rpc.close()
    }
  }, 10_000)

  it('follows new blocks and resumes after a restart from its newest block', async () => {
    await freshDatabase()
    const first = index()
    await first.caughtUp()
    const holder = freshAddress()
    await sendEth(holder, '1')
    await first.caughtUp()
    expect(await activityOf(holder)).toHaveLength(1)
    await first.stop()
    await sendEth(holder, '2')
    const again = index({ fromBlock: 10_000 })
    await again.caughtUp()
    expect((await activityOf(holder)).map((item) => item.amount)).toEqual(['2', '1'])
    expect(again.head()).toBe(Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })))
  })

  it('rolls back to the common ancestor on a reorg (a reverted chain mining other blocks) and on a shorter chain', async () => {
    await freshDatabase()
    const indexer = index()
    await indexer.caughtUp()
    const snapshot = await chain.snapshot()
    const orphaned = freshAddress()
    await sendEth(orphaned, '1')
    await sendUsd(orphaned, '1')
    await indexer.caughtUp()
    expect(await activityOf(orphaned)).toHaveLength(2)
    const orphanedHead = indexer.head()

    await chain.revert(snapshot)
    const canonical = freshAddress()
    await sendEth(canonical, '3')
    await sendEth(canonical, '4')
    await chain.testClient.mine({ blocks: 1 })
    await indexer.caughtUp()
    expect(indexer.head()).toBe(orphanedHead + 1)
    expect(await activityOf(orphaned)).toEqual([])
    expect((await activityOf(canonical)).map((item) => item.amount)).toEqual(['4', '3'])
    const stored = await db.all<{ number: number; hash: string }>(
      'SELECT number, hash FROM indexer_blocks WHERE number > ? ORDER BY number',
      [orphanedHead - 2],
    )
    for (const { number, hash } of stored)
      expect(hash).toBe((await chain.publicClient.getBlock({ blockNumber: BigInt(number) })).hash)

    // Reverting with nothing mined after leaves the chain shorter than what was indexed.
    const again = await chain.snapshot()
    const lost = freshAddress()
    await sendEth(lost, '5')
    await indexer.caughtUp()
    expect(await activityOf(lost)).toHaveLength(1)
    await chain.revert(again)
    await indexer.caughtUp()
    expect(await activityOf(lost)).toEqual([])
    expect(indexer.head()).toBe(Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })))
  })

  it('keeps only the newest block hashes, and re-indexes from the start block after a reorg deeper than them', async () => {
    await freshDatabase()
    const indexer = index({ keepHashes: 3 })
    await indexer.caughtUp()
    const before = await activityOf(account0)
    const snapshot = await chain.snapshot()
    const orphaned = freshAddress()
    for (const ether of ['1', '2', '3', '4', '5']) await sendEth(orphaned, ether)
    await indexer.caughtUp()
    expect(await db.all('SELECT number FROM indexer_blocks')).toHaveLength(3)
    expect(await activityOf(orphaned)).toHaveLength(5)

    await chain.revert(snapshot)
    const canonical = freshAddress()
    await sendEth(canonical, '6')
    await chain.testClient.mine({ blocks: 5 })
    await indexer.caughtUp()
    expect(await activityOf(orphaned)).toEqual([])
    expect((await activityOf(canonical)).map((item) => item.amount)).toEqual(['6'])
    // Everything below the fork is back too, read again from block 0 (above it: the payment to `canonical`).
    const [payment, ...older] = await activityOf(account0)
    expect(payment).toMatchObject({ to: canonical, direction: 'out' })
    expect(older).toEqual(before)
    expect(indexer.head()).toBe(Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })))
  })

  it('forgets a token first seen on a dropped fork: the same address may hold another contract on the new one', async () => {
    await freshDatabase()
    const indexer = index()
    await indexer.caughtUp()
    const holder = freshAddress()
    const deployNamed = async (name: string) => {
      const { contractAddress } = await mined(
        walletOf(devPrivateKeys[3]).deployContract({ ...namedToken, args: [name, holder] }),
      )
      await indexer.caughtUp()
      return contractAddress
    }
    const snapshot = await chain.snapshot()
    const old = await deployNamed('Old')
    expect((await activityOf(holder))[0]?.token?.name).toBe('Old')
    await chain.revert(snapshot)
    // The deployer's nonce is back where it was, so the new contract gets the same address.
    expect(await deployNamed('New')).toBe(old)
    expect((await activityOf(holder)).map((item) => item.token?.name)).toEqual(['New'])
  })

  it('reads a token name and symbol answered as bytes32 (as MKR does), and cuts a long one without control characters', async () => {
    await freshDatabase()
    const holder = freshAddress()
    const deploy = (token: { abi: Abi; bytecode: Hex }, args: unknown[]) =>
      mined(walletOf(devPrivateKeys[3]).deployContract({ ...token, args }))
    await deploy(bytes32NamedToken, [holder])
    await deploy(namedToken, [`\u0007Claim\u202e${'$'.repeat(100)}`, holder])
    const indexer = index()
    await indexer.caughtUp()
    expect((await activityOf(holder)).map((item) => [item.token?.name, item.token?.symbol])).toEqual([
      [`Claim${'$'.repeat(59)}`, `Claim${'$'.repeat(27)}`],
      ['Maker', 'MKR'],
    ])
  })

  it('reads the names of many new tokens a few at a time, not all at once, and names every one', async () => {
    await freshDatabase()
    const start = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1
    const holder = freshAddress()
    const tokens = TOKENS_READ_AT_ONCE * 4
    for (let n = 0; n < tokens; n++)
      await mined(walletOf(devPrivateKeys[3]).deployContract({ ...namedToken, args: [`T${n}`, holder] }))
    const rpc = await callsInFlightRpc(chain.rpcUrl, 20)
    const indexer = index({ rpcUrl: rpc.url, fromBlock: start })
    try {
      await indexer.caughtUp()
      // Five reads a token: name and symbol each as a string and as bytes32, and decimals.
      expect(rpc.mostInFlight()).toBeLessThanOrEqual(TOKENS_READ_AT_ONCE * 5)
      const names = (await activityOf(holder)).map((item) => item.token?.name)
      expect(names.toSorted()).toEqual(Array.from({ length: tokens }, (_, n) => `T${n}`).toSorted())
    } finally {
      await indexer.stop()
      await rpc.close()
    }
  }, 30_000)

  it('names a token without name() by its symbol', async () => {
    await freshDatabase()
    const holder = freshAddress()
    await mined(walletOf(devPrivateKeys[3]).deployContract({ ...unnamedToken, args: [holder] }))
    const indexer = index()
    await indexer.caughtUp()
    expect((await activityOf(holder)).map((item) => [item.token?.name, item.token?.symbol])).toEqual([
      ['ANON', 'ANON'],
    ])
  })

  it('refuses an RPC serving another chain id (nothing indexed)', async () => {
    await freshDatabase()
    const warnings: unknown[] = []
    const indexer = startIndexer({
      db,
      rpcUrl: chain.rpcUrl,
      chainId: 1,
      logger: { ...silent, warn: (_event, fields) => warnings.push(fields) },
      pollMs: 10,
    })
    running.push(indexer)
    await expect.poll(() => warnings.length).toBeGreaterThan(0)
    expect(String((warnings[0] as { error: string }).error)).toMatch(/serves chain 31337, not 1/)
    expect(indexer.head()).toBe(-1)
    expect(await db.all('SELECT * FROM indexer_blocks')).toEqual([])
  })

  it('caughtUp() rejects once the indexer is stopped', async () => {
    await freshDatabase()
    const indexer = index()
    await indexer.stop()
    await expect(indexer.caughtUp()).rejects.toThrow(/stopped/)
  })

  it('lets the deployer mint tPAIR and indexes the mint', async () => {
    await freshDatabase()
    const holder = freshAddress()
    await mined(
      walletOf(fixtureDeployerKey).writeContract({
        address: chain.fixtures.testNft,
        abi: testNftAbi,
        functionName: 'mint',
        args: [holder],
      }),
    )
    const indexer = index()
    await indexer.caughtUp()
    expect(await activityOf(holder)).toEqual([
      expect.objectContaining({
        kind: 'erc721',
        from: '0x0000000000000000000000000000000000000000',
        to: holder,
      }),
    ])
  })
})
