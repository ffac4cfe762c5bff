import { type Address, type Client, erc20Abi } from 'viem'
import { readContract } from 'viem/actions'
import type { SendToken } from './transfer.js'

/**
 * A token that cannot be sent: its contract's decimals could not be read, or are not those an amount of it
 * was scaled by. `symbol` names it in the text the view shows.
 */
export class TokenDecimalsError extends Error {
  override name = 'TokenDecimalsError'
  readonly symbol: string

  constructor(symbol: string, cause?: unknown) {
    super(`The decimals of ${symbol} could not be confirmed with its contract, so it cannot be sent.`, {
      cause,
    })
    this.symbol = symbol
  }
}

/** A token as a list gives it: the decimals its amounts are scaled by, and its contract (none for the native coin). */
export type ListedToken = Pick<SendToken, 'symbol' | 'decimals' | 'contract'>

/** A token's decimals as its contract reports them; the native coin's are the network's. */
export type DecimalsOf = (token: ListedToken) => Promise<number>

/**
 * Refuses (TokenDecimalsError) `token` unless its contract reports the decimals it is listed with: an amount
 * scaled by the list's is only the one reviewed when the contract agrees.
 */
export async function assertContractDecimals(decimalsOf: DecimalsOf, token: ListedToken): Promise<void> {
  if ((await decimalsOf(token)) !== token.decimals) throw new TokenDecimalsError(token.symbol)
}

/**
 * The decimals of each token read from its contract through `client`, once per contract (a failed read is
 * tried again when next asked). The list of tokens (the api's balances, or the wallet's assets) says how
 * many decimals each has, but an answer that is wrong, or about another token, would scale the amount
 * typed into another one sent than reviewed: 6 for an 18-decimal token sends a trillionth of it, 24 a
 * million times it.
 */
export function contractDecimals(client: Client): DecimalsOf {
  const reads = new Map<Address, Promise<number>>()
  return (token) => {
    const { contract, symbol } = token
    if (!contract) return Promise.resolve(token.decimals)
    const known = reads.get(contract)
    if (known) return known
    const read = readContract(client, { address: contract, abi: erc20Abi, functionName: 'decimals' }).then(
      (decimals) => {
        // viem decodes a uint8 without bounding it: more would freeze formatting (see tokens.ts).
        if (decimals > 255) throw new TokenDecimalsError(symbol)
        return decimals
      },
      (cause: unknown) => {
        throw new TokenDecimalsError(symbol, cause)
      },
    )
    reads.set(contract, read)
    read.catch(() => reads.delete(contract))
    return read
  }
}
