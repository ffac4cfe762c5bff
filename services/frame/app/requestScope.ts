import { frameErrorCodes } from '@pairwise/engine/frame'
import type { Address } from 'viem'
import * as z from 'zod/mini'
import type { FrameChain } from '../frameConfig.js'
import { FrameFailure } from './frameServer.js'

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/** The fields of an `eth_sendTransaction` parameter that say whose it is and for which chain, when it says. */
const scopeSchema = z.object({
  from: z.optional(z.string().check(z.regex(addressPattern))),
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
  if (named !== undefined) assertOwnAccount(named, from)
}

/**
 * Refuses a `personal_sign` or `eth_signTypedData_v4` that names another signer than the account the frame
 * signs with, as other wallets do, rather than sign as this one what was asked of that one; and one whose
 * signer is no address (EIP-1474's `[data, address]` and `[address, typedData]`), such as `personal_sign`'s
 * parameters the other way round, which would have the address signed as the message.
 */
export function assertSignerScope(method: string, params: readonly unknown[], from: Address) {
  const named = method === 'personal_sign' ? params[1] : method === 'eth_signTypedData_v4' ? params[0] : from
  if (typeof named !== 'string' || !addressPattern.test(named))
    throw new FrameFailure(frameErrorCodes.invalidParams, 'Invalid request parameters')
  assertOwnAccount(named, from)
}

/** Refuses a request naming another account than `from`, the one the frame acts as; in any letter case. */
export function assertOwnAccount(named: string, from: string) {
  if (named.toLowerCase() !== from.toLowerCase())
    throw new FrameFailure(frameErrorCodes.unauthorized, 'The account is not this wallet’s')
}
