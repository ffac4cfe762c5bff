import { z } from 'zod'
import {
  commitmentConfig,
  onlyCommitmentConfig,
  parseParams,
  type RpcMethod,
  solanaCoreVersion,
  withContext,
} from './context.js'

const slotsPerEpoch = 432_000

const noParams = onlyCommitmentConfig

export const getLatestBlockhash: RpcMethod = (context, params) => {
  parseParams(noParams, params)
  return withContext(context, context.ledger.latestBlockhash())
}

export const isBlockhashValid: RpcMethod = (context, params) => {
  const [blockhash] = parseParams(z.tuple([z.string().max(44), commitmentConfig]), params)
  return withContext(context, context.ledger.isBlockhashValid(blockhash))
}

export const getGenesisHash: RpcMethod = (context, params) => {
  parseParams(z.tuple([]), params)
  return context.genesisHash
}

export const getSlot: RpcMethod = (context, params) => {
  parseParams(noParams, params)
  return context.ledger.slot()
}

export const getBlockHeight: RpcMethod = (context, params) => {
  parseParams(noParams, params)
  return context.ledger.blockHeight()
}

export const getEpochInfo: RpcMethod = (context, params) => {
  parseParams(noParams, params)
  const slot = context.ledger.slot()
  return {
    absoluteSlot: slot,
    blockHeight: context.ledger.blockHeight(),
    epoch: Math.floor(slot / slotsPerEpoch),
    slotIndex: slot % slotsPerEpoch,
    slotsInEpoch: slotsPerEpoch,
    transactionCount: context.ledger.transactions(),
  }
}

export const getVersion: RpcMethod = (_context, params) => {
  parseParams(z.tuple([]), params)
  return { 'solana-core': solanaCoreVersion, 'feature-set': 0 }
}

export const getHealth: RpcMethod = (_context, params) => {
  parseParams(z.tuple([]), params)
  return 'ok'
}
