import { frameErrorCodes } from '@pairwise/engine/frame'
import type { Address } from 'viem'
import * as z from 'zod/mini'
import type { FrameChain } from '../frameConfig.js'
import { FrameFailure } from './frameServer.js'

/** The fields of an `eth_sendTransaction` parameter that say whose it is and for which chain, when it says. */
const scopeSchema = z.object({
  from: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  chainId: z.optional(
    z.union([z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/)), z.int().check(z.positive())]),
  ),
})

/**
 * Refuses an `eth_sendTransaction` parameter that names another sender or another chain than the frame
 * signs it as and for (EIP-1474's `from` and `chainId`). The frame signs as the account on its current chain
 * whatever the parameter says, so a transaction built for another chain (its `to` a contract there, its value
 * in that chain's coin) would be sent here instead; wallet_sendCalls refuses the same (batchOf).
 */
export function assertTransactionScope(raw: unknown, chain: Pick<FrameChain, 'chainId'>, from: Address) {
  const scope = z.safeParse(scopeSchema, raw)
  if (!scope.success) throw new FrameFailure(frameErrorCodes.invalidParams, 'Invalid request parameters')
  const { from: named, chainId } = scope.data
  if (chainId !== undefined && BigInt(chainId) !== BigInt(chain.chainId))
    throw new FrameFailure(frameErrorCodes.unknownChain, `The transaction is for chain ${chainId}`)
  if (named !== undefined && named.toLowerCase() !== from.toLowerCase())
    throw new FrameFailure(frameErrorCodes.unauthorized, 'The account is not this wallet’s')
}
