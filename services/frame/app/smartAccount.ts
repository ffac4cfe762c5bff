import { frameErrorCodes } from '@pairwise/engine/frame'
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'
import type { FrameChain, FrameSmartAccount } from '../frameConfig.js'
import { FrameFailure } from './frameServer.js'

/** SimpleAccountFactory's view of the account it would make (or made) for an owner and salt. */
const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])

/** One account per key: the salt every SimpleAccount of this wallet is made with. */
const accountSalt = 0n

type ChainRequest = (method: string, params?: readonly unknown[]) => Promise<unknown>

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

/**
 * The SimpleAccount `owner` has on `chain`: its address as the factory computes it (CREATE2 of the proxy,
 * the same before and after deployment), and whether code is there yet. Both come from the operator's
 * RPC, so the frame needs no contract bytecode of its own.
 */
export async function simpleAccountOf(
  request: ChainRequest,
  chain: SmartAccountChain,
  owner: Address,
): Promise<SmartAccountState> {
  const data = encodeFunctionData({ abi: factoryAbi, functionName: 'getAddress', args: [owner, accountSalt] })
  const result = await request('eth_call', [{ to: chain.smartAccount.simpleAccountFactory, data }, 'latest'])
  if (result === '0x')
    throw new FrameFailure(frameErrorCodes.internal, `No smart account factory answers on ${chain.name}`)
  const address = decodeFunctionResult({ abi: factoryAbi, functionName: 'getAddress', data: result as Hex })
  const code = await request('eth_getCode', [address, 'latest'])
  return { address, isDeployed: typeof code === 'string' && code !== '0x' && code !== '0x0' }
}
