import { address } from '@solana/kit'
import { z } from 'zod'
import { answerBytesOf, encodeAccount } from '../accountEncoding.js'
import { invalidParams } from '../rpcError.js'
import { mintDecimals, parseTokenAccount, tokenPrograms, uiTokenAmount } from '../tokenAccounts.js'
import {
  accountEncodingParam,
  addressParam,
  commitmentConfig,
  commitmentParam,
  parseParams,
  type RpcMethod,
  withContext,
} from './context.js'

const ownerFilter = z.union([
  z.strictObject({ mint: addressParam }),
  z.strictObject({ programId: addressParam }),
])

const tokenAccountsConfig = z
  .looseObject({
    commitment: commitmentParam,
    encoding: accountEncodingParam.optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .optional()

/** `{ mint }` or `{ programId }` → the token program whose accounts to scan, as the real RPC resolves it. */
function programOf(context: Parameters<RpcMethod>[0], filter: z.infer<typeof ownerFilter>): string {
  if ('programId' in filter) {
    if (!(filter.programId in tokenPrograms))
      throw invalidParams('Invalid param: unrecognized Token program id')
    return filter.programId
  }
  const mint = context.ledger.svm.getAccount(address(filter.mint))
  if (!mint.exists || !(String(mint.programAddress) in tokenPrograms))
    throw invalidParams('Invalid param: could not find mint')
  return String(mint.programAddress)
}

export const getTokenAccountsByOwner: RpcMethod = (context, params, budget) => {
  const [owner, filter, config] = parseParams(
    z.tuple([addressParam, ownerFilter, tokenAccountsConfig]),
    params,
  )
  const program = programOf(context, filter)
  const mint = 'mint' in filter ? filter.mint : undefined
  const svm = context.ledger.svm
  const owned = svm.getProgramAccounts(address(program)).filter((account) => {
    const token = parseTokenAccount(account)
    return token !== undefined && token.owner === owner && (mint === undefined || token.mint === mint)
  })
  // Anyone can open token accounts for any owner, so their number (and this answer) has no bound of its own.
  budget.charge(owned.reduce((sum, account) => sum + answerBytesOf(account), 0))
  const accounts = owned.map((account) => ({
    pubkey: String(account.address),
    account: encodeAccount(svm, account, config?.encoding ?? 'binary'),
  }))
  return withContext(context, accounts)
}

export const getTokenAccountBalance: RpcMethod = (context, params) => {
  const [at] = parseParams(z.tuple([addressParam, commitmentConfig]), params)
  const svm = context.ledger.svm
  const account = svm.getAccount(address(at))
  const token = account.exists ? parseTokenAccount(account) : undefined
  if (!token) throw invalidParams('Invalid param: not a Token account')
  const decimals = mintDecimals(svm, token.mint)
  if (decimals === undefined) throw invalidParams('Invalid param: could not find mint')
  return withContext(context, uiTokenAmount(token.amount, decimals))
}
