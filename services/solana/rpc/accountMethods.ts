import { address } from '@solana/kit'
import { z } from 'zod'
import { answerBytesOf, encodeAccount } from '../accountEncoding.js'
import { solanaLimits } from '../limits.js'
import { invalidParams, SolanaRpcError } from '../rpcError.js'
import type { AnswerBudget } from './answerBudget.js'
import {
  accountEncodingParam,
  addressParam,
  commitmentConfig,
  commitmentParam,
  parseParams,
  type RpcContext,
  type RpcMethod,
  withContext,
} from './context.js'

const accountConfig = z
  .looseObject({
    commitment: commitmentParam,
    encoding: accountEncodingParam.optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .optional()

/**
 * The accounts at `addresses`, encoded, in the order asked. An address named twice is read and encoded
 * once, and answered at each of its positions, as the real RPC answers it; the budget is charged for
 * every position, since each is in the answer.
 */
function accountsAt(
  context: RpcContext,
  addresses: readonly string[],
  encoding: z.infer<typeof accountEncodingParam>,
  budget: AnswerBudget,
): (object | null)[] {
  const svm = context.ledger.svm
  const unique = new Map([...new Set(addresses)].map((at) => [at, svm.getAccount(address(at))]))
  budget.charge(
    addresses.reduce((sum, at) => {
      const account = unique.get(at)
      return sum + (account?.exists ? answerBytesOf(account) : 0)
    }, 0),
  )
  const encoded = new Map(
    [...unique].map(([at, account]) => [at, account.exists ? encodeAccount(svm, account, encoding) : null]),
  )
  return addresses.map((at) => encoded.get(at) ?? null)
}

export const getBalance: RpcMethod = (context, params) => {
  const [at] = parseParams(z.tuple([addressParam, commitmentConfig]), params)
  return withContext(context, context.ledger.balance(at))
}

export const getAccountInfo: RpcMethod = (context, params, budget) => {
  const [at, config] = parseParams(z.tuple([addressParam, accountConfig]), params)
  const [account = null] = accountsAt(context, [at], config?.encoding ?? 'binary', budget)
  return withContext(context, account)
}

export const getMultipleAccounts: RpcMethod = (context, params, budget) => {
  const [addresses, config] = parseParams(z.tuple([z.array(addressParam), accountConfig]), params)
  if (addresses.length > solanaLimits.maxMultipleAccounts)
    throw invalidParams(`Too many inputs provided; max ${solanaLimits.maxMultipleAccounts}`)
  return withContext(context, accountsAt(context, addresses, config?.encoding ?? 'base64', budget))
}

export const getMinimumBalanceForRentExemption: RpcMethod = (context, params) => {
  const [size] = parseParams(
    z.tuple([
      z
        .number()
        .int()
        .nonnegative()
        .max(10 * 1024 * 1024),
      commitmentConfig,
    ]),
    params,
  )
  return Number(context.ledger.svm.minimumBalanceForRentExemption(BigInt(size)))
}

export const requestAirdrop: RpcMethod = (context, params) => {
  const [to, amount] = parseParams(
    z.tuple([addressParam, z.number().int().positive(), commitmentConfig]),
    params,
  )
  const lamports = BigInt(amount)
  if (lamports > solanaLimits.maxAirdropLamports)
    throw invalidParams(`an airdrop is at most ${solanaLimits.maxAirdropLamports} lamports`)
  const now = Date.now()
  const limit = solanaLimits.maxAirdropLamportsPerClientPerWindow
  const left = context.airdrops.left(context.client, limit, now)
  if (left === undefined)
    throw new SolanaRpcError(503, 'The faucet tracks too many clients right now; try again later')
  if (lamports > left) {
    const seconds = Math.max(1, Math.ceil((context.airdrops.resetsAt(context.client, now) - now) / 1000))
    // Devnet's JSON-RPC error code for an airdrop past its limit.
    throw new SolanaRpcError(
      429,
      `Airdrop limit reached: ${left} of ${limit} lamports left for this client per ${solanaLimits.airdropWindowMs / 60_000} minutes; try again in ${seconds} s`,
    )
  }
  const signature = context.ledger.airdrop(address(to), lamports)
  context.airdrops.take(context.client, lamports, now)
  return signature
}
