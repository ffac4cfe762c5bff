import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  zeroHash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { labelhash, namehash } from 'viem/ens'
import { fixtureDeployerKey } from './accounts.js'
import * as OffchainResolver from './artifacts/OffchainResolver.js'
import * as PairwiseRegistry from './artifacts/PairwiseRegistry.js'
import * as UniversalResolver from './artifacts/UniversalResolver.js'
import { defaultNameZone } from './nameZone.js'
import { localNetwork } from './network.js'

export type NameContracts = {
  readonly ensRegistry: Address
  readonly offchainResolver: Address
  readonly universalResolver: Address
}

export type DeployNamesOptions = {
  readonly rpcUrl: string
  readonly chainId?: number
  /**
   * The CCIP-read gateway as an EIP-3668 URL template, e.g. `http://127.0.0.1:8788/ccip/{sender}/{data}.json`
   * (the api's `/ccip` routes); the resolver's owner can change it later with `setUrl`.
   */
  readonly gatewayUrl: string
  /** Addresses of the keys the gateway signs answers with. */
  readonly signers: readonly Address[]
  /** The parent of every registered name; default `pairwise.eth`. */
  readonly zone?: string
}

export const ensRegistryAbi = PairwiseRegistry.abi
export const offchainResolverAbi = OffchainResolver.abi
export const universalResolverAbi = UniversalResolver.abi

/**
 * Deploys the names contracts from the fixture deployer, after deployFixtures (so their addresses are
 * the same on every fresh chain): the ENS registry, the offchain resolver, the universal resolver. Then
 * gives the zone (`eth` → `pairwise`) and `reverse` → `addr` to the deployer with the offchain resolver
 * on the zone and on `addr.reverse`, so both forward names and primary names come from the gateway.
 */
export async function deployNames(options: DeployNamesOptions): Promise<NameContracts> {
  const chain = localNetwork(options.rpcUrl, options.chainId)
  const transport = http(options.rpcUrl)
  const account = privateKeyToAccount(fixtureDeployerKey)
  const wallet = createWalletClient({ account, chain, transport })
  const reader = createPublicClient({ chain, transport })
  const mined = async (what: string, hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`${what} failed`)
    return receipt
  }
  const deployed = async (name: string, hash: Hex) => {
    const { contractAddress } = await mined(`deploying ${name}`, hash)
    if (!contractAddress) throw new Error(`deploying ${name} gave no address`)
    return getAddress(contractAddress)
  }

  const ensRegistry = await deployed(
    'PairwiseRegistry',
    await wallet.deployContract({ abi: PairwiseRegistry.abi, bytecode: PairwiseRegistry.bytecode }),
  )
  const offchainResolver = await deployed(
    'OffchainResolver',
    await wallet.deployContract({
      abi: OffchainResolver.abi,
      bytecode: OffchainResolver.bytecode,
      args: [options.gatewayUrl, [...options.signers]],
    }),
  )
  const universalResolver = await deployed(
    'UniversalResolver',
    await wallet.deployContract({
      abi: UniversalResolver.abi,
      bytecode: UniversalResolver.bytecode,
      args: [ensRegistry],
    }),
  )

  // Parents first: each node is created under one the deployer already owns; the last gets the resolver.
  const delegate = async (name: string) => {
    const labels = name.split('.')
    for (let i = labels.length - 1; i >= 0; i--) {
      const parent = i === labels.length - 1 ? zeroHash : namehash(labels.slice(i + 1).join('.'))
      const label = labelhash(labels[i] as string)
      const hash =
        i === 0
          ? await wallet.writeContract({
              address: ensRegistry,
              abi: PairwiseRegistry.abi,
              functionName: 'setSubnodeRecord',
              args: [parent, label, account.address, offchainResolver, 0n],
            })
          : await wallet.writeContract({
              address: ensRegistry,
              abi: PairwiseRegistry.abi,
              functionName: 'setSubnodeOwner',
              args: [parent, label, account.address],
            })
      await mined(`creating ${labels.slice(i).join('.')}`, hash)
    }
  }
  await delegate(options.zone ?? defaultNameZone)
  await delegate('addr.reverse')
  return { ensRegistry, offchainResolver, universalResolver }
}
