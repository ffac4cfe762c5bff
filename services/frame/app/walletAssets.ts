import { frameErrorCodes } from '@pairwise/engine/frame'
import { type Address, encodeFunctionData, erc20Abi } from 'viem'
import * as z from 'zod/mini'
import type { FrameChain } from '../frameConfig.js'
import { chainRpc } from './chainRpc.js'
import { FrameFailure } from './frameServer.js'
import { assertOwnAccount } from './requestScope.js'

type Hex = `0x${string}`

/** One EIP-7811 asset as the frame answers wallet_getAssets. */
export type FrameAsset = {
  address: Hex | 'native'
  balance: Hex
  type: 'native' | 'erc20'
  metadata: { name?: string; symbol: string; decimals: number }
}

/** Chains or assets one request may name; more are refused as invalid params. */
const MAX_FILTER_ENTRIES = 50

const hexChainId = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const assetAddress = z.union([address, z.literal('native')])
const assetType = z.string().check(z.maxLength(32))

/**
 * EIP-7811's request. Its drafts write assetFilter's entries as addresses or as `{ address, type }`:
 * both are read.
 */
const getAssetsParamsSchema = z.tuple([
  z.object({
    account: address,
    chainFilter: z.optional(z.array(hexChainId).check(z.maxLength(MAX_FILTER_ENTRIES))),
    assetTypeFilter: z.optional(z.array(assetType).check(z.maxLength(MAX_FILTER_ENTRIES))),
    assetFilter: z.optional(
      z.record(
        hexChainId,
        z
          .array(z.union([assetAddress, z.object({ address: assetAddress, type: assetType })]))
          .check(z.maxLength(MAX_FILTER_ENTRIES)),
      ),
    ),
  }),
])

const capabilitiesParamsSchema = z.union([
  z.tuple([address]),
  z.tuple([address, z.array(hexChainId).check(z.maxLength(MAX_FILTER_ENTRIES))]),
])

const hexOf = (chainId: number): Hex => `0x${chainId.toString(16)}`
const sameChain = (hex: string, chain: FrameChain) => BigInt(hex) === BigInt(chain.chainId)

function parsed<T>(schema: z.ZodMiniType<T>, params: readonly unknown[], method: string): T {
  const result = z.safeParse(schema, params)
  if (!result.success)
    throw new FrameFailure(
      frameErrorCodes.invalidParams,
      `${method}: ${result.error.issues[0]?.message ?? 'invalid params'}`,
    )
  return result.data
}

type FrameCapabilities = { assetDiscovery: { supported: true }; atomic?: { status: 'supported' } }

/**
 * EIP-5792 wallet_getCapabilities for the signed-in account: asset discovery (EIP-7811) on every chain the
 * operator configured, or on those of them the request names; atomic batches on the chains where the
 * acting account has them: `batches` says which (EIP-7702 for the EOA, a bundler for the smart account),
 * or `true` for the EOA's, the chains with EIP-7702. Supported
 * rather than ready: a batch delegates or deploys in its own transaction or operation, approved with it,
 * so there is no separate upgrade to ask for.
 */
export function frameCapabilities(
  chains: readonly FrameChain[],
  signedIn: string,
  params: readonly unknown[],
  batches: boolean | ((chain: FrameChain) => boolean) = false,
): Record<Hex, FrameCapabilities> {
  const atomic =
    typeof batches === 'function' ? batches : (chain: FrameChain) => batches && chain.eip7702 !== undefined
  const [account, chainIds] = parsed(capabilitiesParamsSchema, params, 'wallet_getCapabilities')
  assertOwnAccount(account, signedIn)
  const named = chains.filter((chain) => !chainIds || chainIds.some((hex) => sameChain(hex, chain)))
  return Object.fromEntries(
    named.map((chain): [Hex, FrameCapabilities] => [
      hexOf(chain.chainId),
      {
        assetDiscovery: { supported: true },
        ...(atomic(chain) ? { atomic: { status: 'supported' as const } } : {}),
      },
    ]),
  )
}

/**
 * EIP-7811 wallet_getAssets for the signed-in account: on each chain the request leaves in, the native
 * coin and each of the operator's ERC-20 tokens the account holds, read from the chain's RPC.
 */
export async function frameAssets(
  chains: readonly FrameChain[],
  signedIn: string,
  params: readonly unknown[],
): Promise<Record<Hex, FrameAsset[]>> {
  const [{ account, chainFilter, assetTypeFilter, assetFilter }] = parsed(
    getAssetsParamsSchema,
    params,
    'wallet_getAssets',
  )
  assertOwnAccount(account, signedIn)
  const types = assetTypeFilter?.map((type) => type.toLowerCase())
  const filtered = Object.entries(assetFilter ?? {})
  const asked = chains.filter((chain) =>
    assetFilter
      ? filtered.some(([hex]) => sameChain(hex, chain))
      : !chainFilter || chainFilter.some((hex) => sameChain(hex, chain)),
  )
  const answers = await Promise.all(
    asked.map(async (chain) => {
      const wanted = filtered
        .find(([hex]) => sameChain(hex, chain))?.[1]
        .map((entry) => (typeof entry === 'string' ? entry : entry.address).toLowerCase())
      const keep = (asset: FrameAsset) =>
        (!types || types.includes(asset.type)) &&
        (!wanted?.length || wanted.includes(asset.address.toLowerCase()))
      return [hexOf(chain.chainId), (await chainAssets(chain, account)).filter(keep)] as const
    }),
  )
  return Object.fromEntries(answers)
}

/** The native coin, then each configured token with a balance, of `account` on `chain`. */
async function chainAssets(chain: FrameChain, account: string): Promise<FrameAsset[]> {
  const rpc = chainRpc(chain)
  const balanceOf = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account as Address],
  })
  const [native, ...held] = await Promise.all([
    rpc('eth_getBalance', [account, 'latest']),
    ...(chain.tokens ?? []).map((token) =>
      rpc('eth_call', [{ to: token.address, data: balanceOf }, 'latest']),
    ),
  ])
  const { symbol, decimals } = chain.nativeCurrency
  const assets: FrameAsset[] = [
    { address: 'native', balance: quantity(native), type: 'native', metadata: { symbol, decimals } },
  ]
  ;(chain.tokens ?? []).forEach((token, index) => {
    const balance = quantity(held[index])
    if (BigInt(balance) === 0n) return
    const { name, symbol, decimals } = token
    assets.push({
      address: token.address as Hex,
      balance,
      type: 'erc20',
      metadata: { name, symbol, decimals },
    })
  })
  return assets
}

/** A chain's answer as a hex quantity: a call to an account with no code answers `0x`, which is none. */
function quantity(answer: unknown): Hex {
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]*$/.test(answer) || answer.length > 66)
    throw new FrameFailure(frameErrorCodes.internal, 'The chain answered a balance that is not a number')
  return `0x${(answer === '0x' ? 0n : BigInt(answer)).toString(16)}`
}
