import { type Address, createPublicClient, createWalletClient, getAddress, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devPrivateKeys, fixtureDeployerKey } from './accounts.js'
import * as TestMintableToken from './artifacts/TestMintableToken.js'
import * as TestPairs from './artifacts/TestPairs.js'
import * as TestSmartAccount from './artifacts/TestSmartAccount.js'
import * as TestSmartAccountFactory from './artifacts/TestSmartAccountFactory.js'
import * as TestUSD from './artifacts/TestUSD.js'
import { type AccountAbstractionContracts, deployAccountAbstraction } from './deployAccountAbstraction.js'
import { installFarcasterRegistries } from './farcasterRegistries.js'
import { localNetwork } from './network.js'

/** tUSD has 6 decimals; account 0 holds the whole supply of one million. */
export const testUsdSupply = 1_000_000n * 10n ** 6n

/** tPAIR token ids 1…3 belong to account 0 on a fresh chain; the deployer mints more with `mint(to)`. */
export const testNftMintedAtDeploy = 3n

export type Fixtures = AccountAbstractionContracts & {
  readonly testUsd: Address
  readonly testNft: Address
  /** CREATE2 factory of EIP-1271 test accounts (`getAddress(owner, salt)`, `deploy(owner, salt)`). */
  readonly smartAccountFactory: Address
  /** Test USD Coin (tUSDC, 6 decimals), no supply at deploy; dev account 1 mints it (the onramp sandbox's delivery). */
  readonly testUsdc: Address
}

export const testUsdAbi = TestUSD.abi
export const testNftAbi = TestPairs.abi
export const smartAccountAbi = TestSmartAccount.abi
export const smartAccountFactoryAbi = TestSmartAccountFactory.abi
export const testUsdcAbi = TestMintableToken.abi

export const testUsdToken = { name: 'Test USD', symbol: 'tUSD', decimals: 6 } as const
export const testUsdcToken = { name: 'Test USD Coin', symbol: 'tUSDC', decimals: 6 } as const

/**
 * Deploys the fixture contracts from the deployer account and waits for each receipt, then ERC-4337's
 * EntryPoint, factory and 7702 account at their canonical addresses (from a deployer of their own), and
 * Farcaster's registry stand-ins at theirs (no transaction, so no address above moves).
 */
export async function deployFixtures(rpcUrl: string, chainId?: number): Promise<Fixtures> {
  const chain = localNetwork(rpcUrl, chainId)
  const transport = http(rpcUrl)
  const account = privateKeyToAccount(fixtureDeployerKey)
  const holder = privateKeyToAccount(devPrivateKeys[0]).address
  const wallet = createWalletClient({ account, chain, transport })
  const reader = createPublicClient({ chain, transport })
  const deployed = async (name: string, hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} failed`)
    return getAddress(receipt.contractAddress)
  }
  // One after the other, so each keeps its deployer nonce and thus its address on every fresh chain.
  const testUsd = await deployed(
    'tUSD',
    await wallet.deployContract({
      abi: TestUSD.abi,
      bytecode: TestUSD.bytecode,
      args: [holder, testUsdSupply],
    }),
  )
  const testNft = await deployed(
    'tPAIR',
    await wallet.deployContract({
      abi: TestPairs.abi,
      bytecode: TestPairs.bytecode,
      args: [holder, testNftMintedAtDeploy],
    }),
  )
  const smartAccountFactory = await deployed(
    'TestSmartAccountFactory',
    await wallet.deployContract({
      abi: TestSmartAccountFactory.abi,
      bytecode: TestSmartAccountFactory.bytecode,
    }),
  )
  // Last, so the addresses of the contracts above stay those of earlier fresh chains.
  const testUsdc = await deployed(
    'tUSDC',
    await wallet.deployContract({
      abi: TestMintableToken.abi,
      bytecode: TestMintableToken.bytecode,
      args: [
        testUsdcToken.name,
        testUsdcToken.symbol,
        testUsdcToken.decimals,
        [privateKeyToAccount(devPrivateKeys[1]).address],
      ],
    }),
  )
  const accountAbstraction = await deployAccountAbstraction(rpcUrl, chainId)
  await installFarcasterRegistries(rpcUrl, chainId)
  return { testUsd, testNft, smartAccountFactory, testUsdc, ...accountAbstraction }
}
