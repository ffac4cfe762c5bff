import {
  type Blockhash,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
} from '@solana/kit'
import { z } from 'zod'
import { rpcErrorCodes, SolanaRpcError } from '../rpcError.js'
import { describeTransactionError } from '../transactionErrors.js'
import { type DecodedTransaction, decodeWireTransaction, isFullySigned } from '../wireTransaction.js'
import { commitmentParam, parseParams, type RpcContext, type RpcMethod, withContext } from './context.js'

const wireEncoding = z.enum(['base58', 'base64'])

const sendConfig = z
  .looseObject({
    encoding: wireEncoding.optional(),
    skipPreflight: z.boolean().optional(),
    preflightCommitment: commitmentParam,
    maxRetries: z.number().int().nonnegative().optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .optional()

const simulateConfig = z
  .looseObject({
    encoding: wireEncoding.optional(),
    sigVerify: z.boolean().optional(),
    replaceRecentBlockhash: z.boolean().optional(),
    commitment: commitmentParam,
    innerInstructions: z.boolean().optional(),
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .optional()

const signatureFailure = () =>
  new SolanaRpcError(rpcErrorCodes.signatureVerificationFailure, 'Transaction signature verification failure')

/**
 * Sends a transaction. Unless `skipPreflight`, it is simulated first and a failure answered -32002 with the
 * simulation's err and logs, costing nothing (litesvm would charge the fee of a failed execution).
 */
export const sendTransaction: RpcMethod = (context, params) => {
  const [wire, config] = parseParams(z.tuple([z.string(), sendConfig]), params)
  const decoded = decodeWireTransaction(wire, config?.encoding ?? 'base58')
  if (!isFullySigned(decoded.transaction)) throw signatureFailure()
  if (!config?.skipPreflight) {
    const outcome = context.ledger.record(decoded.signature)
      ? { err: 'AlreadyProcessed' as const, logs: [], unitsConsumed: 0 }
      : context.ledger.simulate(decoded.transaction, { sigVerify: true })
    if (outcome.err === 'SignatureFailure') throw signatureFailure()
    if (outcome.err !== null)
      throw new SolanaRpcError(
        rpcErrorCodes.preflightFailure,
        `Transaction simulation failed: ${describeTransactionError(outcome.err)}`,
        {
          accounts: null,
          err: outcome.err,
          innerInstructions: null,
          loadedAccountsDataSize: 0,
          logs: outcome.logs,
          replacementBlockhash: null,
          returnData: null,
          unitsConsumed: outcome.unitsConsumed,
        },
      )
  }
  context.ledger.submit(decoded)
  return decoded.signature
}

/** The transaction with its blockhash replaced by the latest one, as `replaceRecentBlockhash` asks. */
function withLatestBlockhash(context: RpcContext, decoded: DecodedTransaction): DecodedTransaction {
  const message = getCompiledTransactionMessageDecoder().decode(decoded.transaction.messageBytes)
  const messageBytes = getCompiledTransactionMessageEncoder().encode({
    ...message,
    lifetimeToken: context.ledger.latestBlockhash().blockhash as Blockhash,
  })
  const transaction = getTransactionDecoder().decode(
    getTransactionEncoder().encode({ ...decoded.transaction, messageBytes: messageBytes as never }),
  )
  return { ...decoded, transaction }
}

export const simulateTransaction: RpcMethod = (context, params) => {
  const [wire, config] = parseParams(z.tuple([z.string(), simulateConfig]), params)
  const decoded = decodeWireTransaction(wire, config?.encoding ?? 'base58')
  const sigVerify = config?.sigVerify ?? false
  if (sigVerify && config?.replaceRecentBlockhash)
    throw new SolanaRpcError(
      rpcErrorCodes.invalidParams,
      'Invalid params: sigVerify may not be used with replaceRecentBlockhash',
    )
  const target = config?.replaceRecentBlockhash ? withLatestBlockhash(context, decoded) : decoded
  const outcome = context.ledger.simulate(target.transaction, { sigVerify })
  return withContext(context, {
    accounts: null,
    err: outcome.err,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs: outcome.logs,
    replacementBlockhash: config?.replaceRecentBlockhash ? context.ledger.latestBlockhash() : null,
    returnData: null,
    unitsConsumed: outcome.unitsConsumed,
  })
}
