import { address } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { mintDecimals, parseTokenAccount, type UiTokenAmount, uiTokenAmount } from './tokenAccounts.js'

/** One entry of getTransaction's meta.preTokenBalances or meta.postTokenBalances, in the real RPC's shape. */
export type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

/**
 * The balances of the token accounts among a transaction's `keys` as the chain holds them now. As on a
 * validator, a key that is not an initialized token account of a known mint (a wallet, a program, an account
 * the transaction has yet to create) has no entry.
 */
export function tokenBalancesOf(svm: LiteSVM, keys: readonly string[]): TokenBalance[] {
  return keys.flatMap((key, accountIndex) => {
    const account = svm.getAccount(address(key))
    if (!account.exists) return []
    const token = parseTokenAccount(account)
    if (!token || token.state === 'uninitialized') return []
    const decimals = mintDecimals(svm, token.mint)
    if (decimals === undefined) return []
    return [
      {
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: String(account.programAddress),
        uiTokenAmount: uiTokenAmount(token.amount, decimals),
      },
    ]
  })
}
