import { address } from '@solana/kit'
import { z } from 'zod'
import { encodeAccount } from '../accountEncoding.js'
import { solanaLimits } from '../limits.js'
import { invalidParams } from '../rpcError.js'
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

function accountAt(context: RpcContext, at: string, encoding: z.infer<typeof accountEncodingParam>) {
  const account = context.ledger.svm.getAccount(address(at))
  return account.exists ? encodeAccount(context.ledger.svm, account, encoding) : null
}

export const getBalance: RpcMethod = (context, params) => {
  const [at] = parseParams(z.tuple([addressParam, commitmentConfig]), params)
  return withContext(context, context.ledger.balance(at))
}

export const getAccountInfo: RpcMethod = (context, params) => {
  const [at, config] = parseParams(z.tuple([addressParam, accountConfig]), params)
  return withContext(context, accountAt(context, at, config?.encoding ?? 'binary'))
}

export const getMultipleAccounts: RpcMethod = (context, params) => {
  const [addresses, config] = parseParams(z.tuple([z.array(addressParam), accountConfig]), params)
  if (addresses.length > solanaLimits.maxMultipleAccounts)
    throw invalidParams(`Too many inputs provided; max ${solanaLimits.maxMultipleAccounts}`)
  return withContext(
    context,
    addresses.map((at) => accountAt(context, at, config?.encoding ?? 'base64')),
  )
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
  if (BigInt(amount) > solanaLimits.maxAirdropLamports)
    throw invalidParams(`an airdrop is at most ${solanaLimits.maxAirdropLamports} lamports`)
  return context.ledger.airdrop(address(to), BigInt(amount))
}
