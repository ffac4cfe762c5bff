import {
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
} from '@solana/kit'
import { z } from 'zod'
import { messageFee } from '../fees.js'
import type { TransactionRecord } from '../ledger.js'
import { solanaLimits } from '../limits.js'
import { invalidParams, rpcErrorCodes, SolanaRpcError } from '../rpcError.js'
import { addressParam, commitmentParam, parseParams, type RpcMethod, withContext } from './context.js'

const signatureParam = z
  .string()
  .min(64)
  .max(88)
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'Invalid param: Invalid')

function status(record: TransactionRecord) {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: 'finalized',
  }
}

export const getSignatureStatuses: RpcMethod = (context, params) => {
  const [signatures] = parseParams(
    z.tuple([
      z.array(signatureParam),
      z.looseObject({ searchTransactionHistory: z.boolean().optional() }).optional(),
    ]),
    params,
  )
  if (signatures.length > solanaLimits.maxSignatureStatuses)
    throw invalidParams(`Too many inputs provided; max ${solanaLimits.maxSignatureStatuses}`)
  return withContext(
    context,
    signatures.map((signature) => {
      const record = context.ledger.record(signature)
      return record ? status(record) : null
    }),
  )
}

const signaturesConfig = z
  .looseObject({
    limit: z.number().int().min(1).max(1000).optional(),
    before: signatureParam.optional(),
    until: signatureParam.optional(),
    commitment: commitmentParam,
    minContextSlot: z.number().int().nonnegative().optional(),
  })
  .optional()

/** Newest first; `before` and `until` are exclusive bounds, as the real RPC treats them. */
export const getSignaturesForAddress: RpcMethod = (context, params) => {
  const [at, config] = parseParams(z.tuple([addressParam, signaturesConfig]), params)
  let signatures = context.ledger.signaturesFor(at)
  if (config?.before) {
    const index = signatures.indexOf(config.before)
    signatures = index === -1 ? [] : signatures.slice(index + 1)
  }
  if (config?.until) {
    const index = signatures.indexOf(config.until)
    if (index !== -1) signatures = signatures.slice(0, index)
  }
  return signatures.slice(0, config?.limit ?? 1000).flatMap((signature) => {
    const record = context.ledger.record(signature)
    return record
      ? [
          {
            signature,
            slot: record.slot,
            err: record.err,
            memo: null,
            blockTime: record.blockTime,
            confirmationStatus: 'finalized',
          },
        ]
      : []
  })
}

const transactionConfig = z
  .looseObject({
    encoding: z.enum(['json', 'jsonParsed', 'base58', 'base64']).optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
    commitment: commitmentParam,
  })
  .optional()

function jsonTransaction(record: TransactionRecord & { decoded: NonNullable<TransactionRecord['decoded']> }) {
  const { message, transaction } = record.decoded
  const base58 = getBase58Decoder()
  return {
    signatures: Object.values(transaction.signatures).map((signature) =>
      base58.decode(signature ?? new Uint8Array(64)),
    ),
    message: {
      accountKeys: record.accountKeys,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices ?? [],
        data: base58.decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      recentBlockhash: 'lifetimeToken' in message ? message.lifetimeToken : null,
      ...(message.version === 0 ? { addressTableLookups: [] } : {}),
    },
  }
}

export const getTransaction: RpcMethod = (context, params) => {
  const [signature, config] = parseParams(z.tuple([signatureParam, transactionConfig]), params)
  const record = context.ledger.record(signature)
  if (!record?.decoded) return null
  const version = record.decoded.message.version
  if (version === 0 && config?.maxSupportedTransactionVersion === undefined)
    throw new SolanaRpcError(
      rpcErrorCodes.unsupportedTransactionVersion,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  const encoding = config?.encoding ?? 'json'
  const wire = record.decoded.wire
  const transaction =
    encoding === 'base64'
      ? [getBase64Decoder().decode(wire), 'base64']
      : encoding === 'base58'
        ? [getBase58Decoder().decode(wire), 'base58']
        : jsonTransaction({ ...record, decoded: record.decoded })
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version,
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: [],
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.unitsConsumed,
    },
  }
}

/** The fee of a base64 message, or null when its blockhash is no longer valid (as the real RPC answers). */
export const getFeeForMessage: RpcMethod = (context, params) => {
  const [text] = parseParams(z.tuple([z.string().max(1644), z.looseObject({}).optional()]), params)
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(text))
  } catch {
    throw invalidParams('failed to deserialize the message')
  }
  if (message.version !== 'legacy' && message.version !== 0)
    throw invalidParams('unsupported message version')
  const blockhash = 'lifetimeToken' in message ? String(message.lifetimeToken) : ''
  const fee = context.ledger.isBlockhashValid(blockhash)
    ? Number(messageFee({ ...message, version: message.version }))
    : null
  return withContext(context, fee)
}
