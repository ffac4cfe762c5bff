import { createWalletClient, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainRpc } from '../../../services/frame/app/chainRpc.js'
import {
  isSmartAccountChain,
  type SmartAccountChain,
  simpleAccountOf,
  smartAccountNetworks,
} from '../../../services/frame/app/smartAccount.js'
import type { FrameChain } from '../../../services/frame/index.js'
import { localNetwork } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { anvilFrameChain, MapStore, signedInFrame, unreachableChain } from './support/frameFixtures.js'

const factoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function senderCreator() view returns (address)',
])
const hostOrigin = 'http://localhost:5173'
const owner = privateKeyToAccount(`0x${'42'.repeat(32)}`).address

let chain: ChainFixture
let anvil: SmartAccountChain
/** The same contracts, but no bundler to send through: not a smart account network. */
let noBundler: FrameChain
const plain = unreachableChain

beforeAll(async () => {
  chain = await startChainFixture()
  const { entryPoint, simpleAccountFactory } = chain.fixtures
  anvil = anvilFrameChain(chain, {
    // Never asked here: no UserOperation is sent.
    smartAccount: { entryPoint, simpleAccountFactory, bundlerUrl: 'http://127.0.0.1:9/bundler' },
  })
  noBundler = {
    ...plain,
    chainId: 11,
    name: 'No bundler',
    smartAccount: { entryPoint, simpleAccountFactory },
  }
})
afterAll(() => chain?.stop())

const factoryAddress = (account: `0x${string}`) =>
  chain.publicClient.readContract({
    address: chain.fixtures.simpleAccountFactory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [account, 0n],
  })

/**
 * Deploys `account`'s SimpleAccount as the EntryPoint does on its first UserOperation: v0.8's factory takes
 * createAccount only from the EntryPoint's SenderCreator, which Anvil lets this test act as.
 */
async function deployAccountOf(account: `0x${string}`) {
  const senderCreator = await chain.publicClient.readContract({
    address: chain.fixtures.simpleAccountFactory,
    abi: factoryAbi,
    functionName: 'senderCreator',
  })
  await chain.testClient.impersonateAccount({ address: senderCreator })
  await chain.testClient.setBalance({ address: senderCreator, value: 10n ** 18n })
  const wallet = createWalletClient({
    account: senderCreator,
    chain: localNetwork(chain.rpcUrl, chain.chainId),
    transport: http(chain.rpcUrl),
  })
  try {
    const hash = await wallet.writeContract({
      address: chain.fixtures.simpleAccountFactory,
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [account, 0n],
    })
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  } finally {
    await chain.testClient.stopImpersonatingAccount({ address: senderCreator })
  }
}

/**
 * A signed-in frame session over `store` (a frame load); the auth service's stand-in knows the one wallet.
 * The project turned smart accounts on for `enabled` (by default every chain given).
 */
function frameOver(store: MapStore, chains: FrameChain[], enabled = chains.map((c) => c.chainId)) {
  return signedInFrame(store, owner, { hostOrigin, chains, smartAccountNetworks: enabled })
}

describe("the frame's SimpleAccount (ERC-4337, EntryPoint v0.8)", () => {
  it('FRAME-13 lists as smart account networks exactly the chains whose entry names a bundler and the project enabled', () => {
    const every = [anvil, noBundler, plain].map((c) => c.chainId)
    expect(smartAccountNetworks([anvil, noBundler, plain], every)).toEqual([chain.chainId])
    expect(smartAccountNetworks([anvil, noBundler, plain], [noBundler.chainId, plain.chainId])).toEqual([])
    expect(smartAccountNetworks([anvil], [])).toEqual([])
    expect([anvil, noBundler, plain].map(isSmartAccountChain)).toEqual([true, false, false])
  })

  it('gives the counterfactual address the factory computes on chain, not deployed until created, then deployed there', async () => {
    const someone = privateKeyToAccount(`0x${'17'.repeat(32)}`).address
    const before = await simpleAccountOf(chainRpc(anvil), anvil, someone)
    expect(before).toEqual({ address: await factoryAddress(someone), isDeployed: false })
    expect(before.address).not.toBe(someone)
    await deployAccountOf(someone)
    const after = await simpleAccountOf(chainRpc(anvil), anvil, someone)
    expect(after).toEqual({ address: before.address, isDeployed: true })
    expect(await chain.publicClient.getCode({ address: before.address })).toMatch(/^0x[0-9a-f]{2,}/)
  })
})

describe('FRAME-13 and FRAME-14 in the frame', () => {
  it('FRAME-13 the preferred account type switches between the EOA and the smart account, kept across a frame reload', async () => {
    const store = new MapStore()
    const frame = await frameOver(store, [anvil, plain])
    const smart = await factoryAddress(owner)
    const accounts = () =>
      frame.RPC_REQUEST({ method: 'eth_accounts', chainId: chain.chainId, chainNamespace: 'eip155' })
    expect(await frame.GET_SMART_ACCOUNT_ENABLED_NETWORKS({})).toEqual({
      smartAccountEnabledNetworks: [chain.chainId],
    })
    expect(await frame.GET_USER({ chainId: chain.chainId })).toEqual({
      email: 'ada@example.com',
      address: owner,
      chainId: chain.chainId,
      accounts: [
        { address: owner, type: 'eoa' },
        { address: smart, type: 'smartAccount' },
      ],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(await accounts()).toEqual([owner])

    expect(await frame.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })).toEqual({
      type: 'smartAccount',
      address: smart,
    })
    expect(await accounts()).toEqual([smart])
    expect(await frame.GET_USER({})).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })

    // The frame reloads: a new load over the same storage keeps the session's choice.
    const reloaded = await frameOver(store, [anvil, plain])
    expect(
      await reloaded.RPC_REQUEST({
        method: 'eth_accounts',
        chainId: chain.chainId,
        chainNamespace: 'eip155',
      }),
    ).toEqual([smart])

    expect(await reloaded.SET_PREFERRED_ACCOUNT({ type: 'eoa' })).toEqual({ type: 'eoa', address: owner })
    expect(
      await reloaded.RPC_REQUEST({
        method: 'eth_accounts',
        chainId: chain.chainId,
        chainNamespace: 'eip155',
      }),
    ).toEqual([owner])
  })

  it('FRAME-13 as a smart account the frame refuses to sign or send rather than use the EOA', async () => {
    const frame = await frameOver(new MapStore(), [anvil])
    await frame.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })
    const signing = frame.RPC_REQUEST({
      method: 'personal_sign',
      params: ['0x6869', await factoryAddress(owner)],
      chainId: chain.chainId,
      chainNamespace: 'eip155',
    })
    await expect(signing).rejects.toMatchObject({
      code: 4200,
      message: expect.stringMatching(/smart account/),
    })
    const sending = frame.RPC_REQUEST({
      method: 'eth_sendTransaction',
      params: [{ from: await factoryAddress(owner), to: owner, value: '0x1' }],
      chainId: chain.chainId,
      chainNamespace: 'eip155',
    })
    await expect(sending).rejects.toMatchObject({ code: 4200 })
  })

  it('FRAME-14 init smart account answers the address and whether it is deployed, as the user does', async () => {
    const frame = await frameOver(new MapStore(), [anvil, plain])
    const smart = await factoryAddress(owner)
    expect(await frame.INIT_SMART_ACCOUNT({})).toEqual({ address: smart, isDeployed: false })
    expect(await frame.GET_USER({})).toMatchObject({ smartAccountDeployed: false })
    await deployAccountOf(owner)
    expect(await frame.INIT_SMART_ACCOUNT({})).toEqual({ address: smart, isDeployed: true })
    expect(await frame.GET_USER({})).toMatchObject({ smartAccountDeployed: true })
  })

  it('has the EOA only on a chain without smart accounts, and refuses init and the smart account type there', async () => {
    const frame = await frameOver(new MapStore(), [anvil, plain])
    await frame.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })
    await frame.SWITCH_NETWORK({ chainId: plain.chainId })
    expect(
      await frame.RPC_REQUEST({ method: 'eth_accounts', chainId: plain.chainId, chainNamespace: 'eip155' }),
    ).toEqual([owner])
    expect(await frame.GET_USER({})).toEqual({
      email: 'ada@example.com',
      address: owner,
      chainId: plain.chainId,
      accounts: [{ address: owner, type: 'eoa' }],
      preferredAccountType: 'eoa',
    })
    await expect(frame.INIT_SMART_ACCOUNT({})).rejects.toMatchObject({ code: 4200 })
    await expect(frame.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })).rejects.toMatchObject({ code: 4200 })
  })

  it('FRAME-13 on a chain the project did not enable, the frame lists no smart account network, shows the EOA only, and refuses init, the smart account type and sending as one with a typed error', async () => {
    const store = new MapStore()
    const enabled = await frameOver(store, [anvil])
    await enabled.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })
    // The same session, in a frame of a project that turned smart accounts off for this chain.
    const frame = await frameOver(store, [anvil], [])
    expect(await frame.GET_SMART_ACCOUNT_ENABLED_NETWORKS({})).toEqual({ smartAccountEnabledNetworks: [] })
    expect(await frame.GET_USER({ chainId: chain.chainId })).toEqual({
      email: 'ada@example.com',
      address: owner,
      chainId: chain.chainId,
      accounts: [{ address: owner, type: 'eoa' }],
      preferredAccountType: 'eoa',
    })
    expect(
      await frame.RPC_REQUEST({ method: 'eth_accounts', chainId: chain.chainId, chainNamespace: 'eip155' }),
    ).toEqual([owner])
    const refusal = {
      code: 4200,
      message: 'Smart accounts are not enabled for this project on Anvil',
    }
    await expect(frame.INIT_SMART_ACCOUNT({})).rejects.toMatchObject(refusal)
    await expect(frame.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })).rejects.toMatchObject(refusal)
    // No atomic batches offered as a smart account here (the chain has no 7702 entry for the EOA either).
    expect(
      await frame.RPC_REQUEST({
        method: 'wallet_getCapabilities',
        params: [owner],
        chainId: chain.chainId,
        chainNamespace: 'eip155',
      }),
    ).toEqual({ [`0x${chain.chainId.toString(16)}`]: { assetDiscovery: { supported: true } } })
  })
})
