import {
  getAccountInfo,
  getBalance,
  getMinimumBalanceForRentExemption,
  getMultipleAccounts,
  requestAirdrop,
} from './accountMethods.js'
import {
  getBlockHeight,
  getEpochInfo,
  getGenesisHash,
  getHealth,
  getLatestBlockhash,
  getSlot,
  getVersion,
  isBlockhashValid,
} from './clusterMethods.js'
import type { RpcMethod } from './context.js'
import {
  getFeeForMessage,
  getSignatureStatuses,
  getSignaturesForAddress,
  getTransaction,
} from './historyMethods.js'
import { sendTransaction, simulateTransaction } from './sendMethods.js'
import { getTokenAccountBalance, getTokenAccountsByOwner } from './tokenMethods.js'

/** Every JSON-RPC method the local chain answers (research §1.4); anything else is -32601. */
export const rpcMethods: Readonly<Record<string, RpcMethod>> = {
  getAccountInfo,
  getBalance,
  getBlockHeight,
  getEpochInfo,
  getFeeForMessage,
  getGenesisHash,
  getHealth,
  getLatestBlockhash,
  getMinimumBalanceForRentExemption,
  getMultipleAccounts,
  getSignaturesForAddress,
  getSignatureStatuses,
  getSlot,
  getTokenAccountBalance,
  getTokenAccountsByOwner,
  getTransaction,
  getVersion,
  isBlockhashValid,
  requestAirdrop,
  sendTransaction,
  simulateTransaction,
}
