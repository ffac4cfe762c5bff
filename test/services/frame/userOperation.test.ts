import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  devPrivateKeys,
  type LocalBundler,
  localNetwork,
  startBundler,
} from '../../../services/chain/index.js'
import { chainRpc } from '../../../services/frame/app/chainRpc.js'
import { type SmartAccountChain, simpleAccountOf } from '../../../services/frame/app/smartAccount.js'
import { sendUserOperation, userOperationStatus } from '../../../services/frame/app/userOperation.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { freePort } from '../../support/ports.js'
import { tokenBalance } from '../../support/tokenBalance.js'

let chain: ChainFixture
let bundler: LocalBundler
let anvil: SmartAccountChain
let dataDir: string

beforeAll(async () => {
  chain = await startChainFixture()
  dataDir = mkdtempSync(join(tmpdir(), 'pairwise-userop-'))
  bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    entryPoint: chain.fixtures.entryPoint,
    host: '127.0.0.1',
    port: await freePort(),
    logFile: join(dataDir, 'bundler.log'),
  })
  const { entryPoint, simpleAccountFactory } = chain.fixtures
  anvil = {
    chainId: chain.chainId,
    name: 'Anvil',
    rpcUrl: chain.rpcUrl,
    nativeCurrency: { symbol: 'tETH', decimals: 18 },
    smartAccount: { entryPoint, simpleAccountFactory, bundlerUrl: bundler.url },
  }
}, 120_000)
afterAll(async () => {
  await bundler?.stop()
  await chain?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The status once the bundler has the operation mined, asked as the host would, every 200 ms. */
async function settled(sender: Address, id: Hex) {
  for (let poll = 0; poll < 150; poll++) {
    const status = await userOperationStatus(anvil, sender, id, (sent) => sent === id)
    if (status?.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`operation ${id} still pending`)
}

describe("the frame's UserOperations through the local bundler (alto)", () => {
  it('FRAME-14 a batch of a tETH and a tUSD transfer from the counterfactual SimpleAccount is one UserOperation that deploys the account, and its status is confirmed with the receipt', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    expect(smart.isDeployed).toBe(false)
    await chain.testClient.setBalance({ address: smart.address, value: parseEther('1') })
    const holder = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[0]),
      chain: localNetwork(chain.rpcUrl, chain.chainId),
      transport: http(chain.rpcUrl),
    })
    await chain.publicClient.waitForTransactionReceipt({
      hash: await holder.writeContract({
        address: chain.fixtures.testUsd,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [smart.address, 10_000_000n],
      }),
    })
    const calls = [
      { to: recipient, value: parseEther('0.01'), data: '0x' as const },
      {
        to: chain.fixtures.testUsd,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1_000_000n] }),
      },
    ]
    const id = await sendUserOperation({ chain: anvil, owner, address: smart.address, calls })
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)

    const status = await settled(smart.address, id)
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      atomic: true,
      status: 200,
      receipts: [{ status: '0x1' }],
    })
    // Both transfers landed in the one bundle transaction, and the account was deployed by it.
    const [receipt] = status?.receipts ?? []
    const mined = await chain.publicClient.getTransactionReceipt({
      hash: receipt?.transactionHash as `0x${string}`,
    })
    expect(mined.to?.toLowerCase()).toBe(chain.fixtures.entryPoint.toLowerCase())
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(await tokenBalance(chain.publicClient, chain.fixtures.testUsd, recipient)).toBe(1_000_000n)
    expect(await simpleAccountOf(chainRpc(anvil), anvil, owner.address)).toEqual({
      address: smart.address,
      isDeployed: true,
    })

    // The next operation comes from the deployed account, without the factory.
    const again = await sendUserOperation({
      chain: anvil,
      owner,
      address: smart.address,
      calls: [{ to: recipient, value: parseEther('0.02'), data: '0x' }],
    })
    expect(await settled(smart.address, again)).toMatchObject({ status: 200 })
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.03'))

    // Another sender's operation, or a hash that is none, is no UserOperation batch of this account.
    const sentHere = () => true
    expect(await userOperationStatus(anvil, owner.address, id, sentHere)).toBeUndefined()
    expect(
      await userOperationStatus(anvil, smart.address, `0x${'ab'.repeat(32)}`, () => false),
    ).toBeUndefined()
    // Not mined, but sent by this frame: pending.
    expect(await userOperationStatus(anvil, smart.address, `0x${'ab'.repeat(32)}`, sentHere)).toMatchObject({
      status: 100,
      receipts: [],
    })
    await expect(userOperationStatus(anvil, smart.address, 'nope', sentHere)).rejects.toMatchObject({
      code: 5730,
    })
  }, 120_000)

  it('an operation the account cannot pay for is refused by the bundler with its reason, and nothing is sent', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await simpleAccountOf(chainRpc(anvil), anvil, owner.address)
    await expect(
      sendUserOperation({
        chain: anvil,
        owner,
        address: smart.address,
        calls: [{ to: owner.address, value: 1n, data: '0x' }],
      }),
    ).rejects.toMatchObject({ name: 'FrameFailure', message: expect.stringMatching(/AA21|prefund|funds/i) })
    expect(await chain.publicClient.getCode({ address: smart.address })).toBeUndefined()
  }, 60_000)
})
