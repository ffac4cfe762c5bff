import { type Address, createPublicClient, createWalletClient, getAddress, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devPrivateKeys, fixtureDeployerKey } from './accounts.js'
import * as TestUSD from './artifacts/TestUSD.js'
import { localNetwork } from './network.js'

/** tUSD has 6 decimals; account 0 holds the whole supply of one million. */
export const testUsdSupply = 1_000_000n * 10n ** 6n

export type Fixtures = { readonly testUsd: Address }

export const testUsdAbi = TestUSD.abi

/** Deploys the fixture contracts from the deployer account and waits for each receipt. */
export async function deployFixtures(rpcUrl: string, chainId?: number): Promise<Fixtures> {
  const chain = localNetwork(rpcUrl, chainId)
  const transport = http(rpcUrl)
  const account = privateKeyToAccount(fixtureDeployerKey)
  const holder = privateKeyToAccount(devPrivateKeys[0]).address
  const wallet = createWalletClient({ account, chain, transport })
  const reader = createPublicClient({ chain, transport })
  const hash = await wallet.deployContract({
    abi: TestUSD.abi,
    bytecode: TestUSD.bytecode,
    args: [holder, testUsdSupply],
  })
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deploying tUSD failed')
  return { testUsd: getAddress(receipt.contractAddress) }
}
