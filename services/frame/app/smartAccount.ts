import { frameErrorCodes } from '@pairwise/engine/frame'
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'
import type { FrameChain, FrameSmartAccount } from '../frameConfig.js'
import type { ChainRequest } from '../preview/index.js'
import { FrameFailure } from './frameServer.js'
import { type PendingSends, pendingSends } from './pendingSends.js'

/** SimpleAccountFactory's view of the account it would make (or made) for an owner and salt. */
const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])

/** One account per key: the salt every SimpleAccount of this wallet is made with. */
const accountSalt = 0n

export type SmartAccountChain = FrameChain & { smartAccount: Required<FrameSmartAccount> }

/** A chain whose smart account entry is complete: EntryPoint, factory and a bundler to send through. */
export function isSmartAccountChain(chain: FrameChain): chain is SmartAccountChain {
  return chain.smartAccount?.bundlerUrl !== undefined
}

/**
 * GET_SMART_ACCOUNT_ENABLED_NETWORKS (FRAME-13): the chains the operator can serve (a complete entry) that
 * the project also turned smart accounts on for.
 */
export function smartAccountNetworks(chains: readonly FrameChain[], enabled: readonly number[]): number[] {
  return chains
    .filter((chain) => isSmartAccountChain(chain) && enabled.includes(chain.chainId))
    .map((chain) => chain.chainId)
}

export type SmartAccountState = { address: Address; isDeployed: boolean }

/** Whether the account at `address` has code yet: a SimpleAccount has none until its factory made it. */
export async function isDeployedAt(request: ChainRequest, address: Address): Promise<boolean> {
  const code = await request('eth_getCode', [address, 'latest'])
  return typeof code === 'string' && code !== '0x' && code !== '0x0'
}

/**
 * The address of the SimpleAccount `owner` has on `chain` as the factory computes it (CREATE2 of the
 * proxy, the same before and after deployment), from the operator's RPC, so the frame needs no contract
 * bytecode of its own.
 */
export async function simpleAccountAddress(
  request: ChainRequest,
  chain: SmartAccountChain,
  owner: Address,
): Promise<Address> {
  const data = encodeFunctionData({ abi: factoryAbi, functionName: 'getAddress', args: [owner, accountSalt] })
  const result = await request('eth_call', [{ to: chain.smartAccount.simpleAccountFactory, data }, 'latest'])
  if (result === '0x')
    throw new FrameFailure(frameErrorCodes.internal, `No smart account factory answers on ${chain.name}`)
  return decodeFunctionResult({ abi: factoryAbi, functionName: 'getAddress', data: result as Hex })
}

/** The SimpleAccount `owner` has on `chain`: its address, and whether code is there yet. */
export async function simpleAccountOf(
  request: ChainRequest,
  chain: SmartAccountChain,
  owner: Address,
): Promise<SmartAccountState> {
  const address = await simpleAccountAddress(request, chain, owner)
  return { address, isDeployed: await isDeployedAt(request, address) }
}

/**
 * The UserOperations a frame sent that deploy a smart account, until the account has code. A batch
 * prepared meanwhile sees no code yet, so it would deploy the account again, and the bundler refuses
 * one of the two (AA10): the account's next batch is prepared once it is deployed.
 */
export function pendingDeployments(wait: { waitMs?: number; pollMs?: number } = {}): PendingSends {
  return pendingSends({
    ...wait,
    settled: isDeployedAt,
    stillPending: 'An earlier operation deploying this smart account is not mined after a minute: try again',
    forgottenAfterWait: true,
  })
}
