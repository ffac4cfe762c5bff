import type { LocalAccount } from 'viem'
import { type ShareInput, secretFromShares } from './shareSecret.js'

/** The signing account, rebuilt from two shares and checked against the wallet's address (TamperedShareError). */
export async function rebuildAccount(input: ShareInput): Promise<LocalAccount> {
  const { account } = await secretFromShares(input)
  return account
}
