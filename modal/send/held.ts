import type { SendChain } from './sendChain.js'
import type { SendToken } from './transfer.js'

/**
 * The token chosen, with the decimals its contract reports (which its amounts are typed, checked, reviewed
 * and sent in), the account's balance of it, and of the native coin (which pays the fee).
 */
export type Held = { token: SendToken; balance: bigint; native: bigint }

/**
 * Reads what the account holds of `token` and of the native coin from `chain`, and the token's decimals:
 * rejects (TokenDecimalsError) when they cannot be read, and nothing of it can be reviewed.
 */
export async function readHeld(chain: SendChain, token: SendToken, native: SendToken): Promise<Held> {
  const [decimals, balance, nativeBalance] = await Promise.all([
    chain.decimalsOf(token),
    chain.balanceOf(token),
    token.contract ? chain.balanceOf(native) : undefined,
  ])
  return { token: { ...token, decimals }, balance, native: nativeBalance ?? balance }
}
