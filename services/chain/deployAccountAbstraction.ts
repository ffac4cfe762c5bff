import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  getContractAddress,
  type Hex,
  http,
  pad,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { accountAbstractionDeployerKey } from './accounts.js'
import { localNetwork } from './network.js'
import { npmBuild } from './npmBuild.js'

/** ERC-4337 v0.8 and its EIP-7702 account, where viem and permissionless look for them on every chain. */
export type AccountAbstractionContracts = {
  readonly entryPoint: Address
  readonly simpleAccountFactory: Address
  readonly simple7702Account: Address
}

/** The CREATE2 factory Anvil (and most chains) has at genesis: calldata `salt ‖ initcode` deploys. */
export const deterministicDeployer: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

// The salts the canonical deployments used: with them the contracts land at the canonical addresses.
const entryPointSalt: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
const zeroSalt: Hex = pad('0x0')

const artifact = (name: string) => npmBuild(`@account-abstraction/contracts/artifacts/${name}.json`)

/**
 * Deploys the EntryPoint v0.8, SimpleAccountFactory and Simple7702Account from the npm package's
 * artifacts through the deterministic deployer, so they have their canonical addresses. The EntryPoint's
 * constructor must run (it sets immutables), hence a real deployment rather than `anvil_setCode`; its
 * sources are GPL, hence read from node_modules at run time. Skips a contract that already has code.
 */
export async function deployAccountAbstraction(
  rpcUrl: string,
  chainId?: number,
): Promise<AccountAbstractionContracts> {
  const chain = localNetwork(rpcUrl, chainId)
  const transport = http(rpcUrl)
  const account = privateKeyToAccount(accountAbstractionDeployerKey)
  const wallet = createWalletClient({ account, chain, transport })
  const reader = createPublicClient({ chain, transport })
  if (!(await reader.getCode({ address: deterministicDeployer })))
    throw new Error(`the chain at ${rpcUrl} has no deterministic deployer at ${deterministicDeployer}`)
  const deployed = async (name: string, salt: Hex, initcode: Hex): Promise<Address> => {
    const address = getContractAddress({
      opcode: 'CREATE2',
      from: deterministicDeployer,
      salt,
      bytecode: initcode,
    })
    if (await reader.getCode({ address })) return address
    const hash = await wallet.sendTransaction({ to: deterministicDeployer, data: concat([salt, initcode]) })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !(await reader.getCode({ address })))
      throw new Error(`deploying ${name} at ${address} failed`)
    return address
  }
  // In this order: the factory's constructor asks the EntryPoint for its sender creator.
  const entryPoint = await deployed('EntryPoint', entryPointSalt, artifact('EntryPoint').bytecode)
  const factory = artifact('SimpleAccountFactory')
  const simpleAccountFactory = await deployed(
    'SimpleAccountFactory',
    zeroSalt,
    encodeDeployData({ abi: factory.abi, bytecode: factory.bytecode, args: [entryPoint] }),
  )
  const simple7702Account = await deployed(
    'Simple7702Account',
    zeroSalt,
    artifact('Simple7702Account').bytecode,
  )
  return { entryPoint, simpleAccountFactory, simple7702Account }
}
