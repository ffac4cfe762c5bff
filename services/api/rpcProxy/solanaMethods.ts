import { localAnswerOf } from './localAnswer.js'

/**
 * The only methods the proxy forwards to a Solana cluster: what the Solana adapter calls (balances, token
 * accounts, rent, blockhash, fee, sends and their confirmation) and the other reads a public client makes of
 * a few named accounts, signatures or the cluster's state, each bounded by its own arguments (a node caps
 * getMultipleAccounts at 100 keys, getSignatureStatuses at 256). Left out, so no caller spends the operator's
 * node on work with no bound: scans of the whole ledger or of a program's accounts (getProgramAccounts,
 * getLargestAccounts, getTokenLargestAccounts, getSupply's non-circulating walk), history walks
 * (getSignaturesForAddress, up to 1,000 a call), whole blocks and block ranges (getBlock, getBlocks…), and
 * requestAirdrop, a faucet on test clusters.
 */
export const solanaMethods: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getMultipleAccounts',
  'getMinimumBalanceForRentExemption',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getFeeForMessage',
  'getRecentPrioritizationFees',
  'getSlot',
  'getBlockHeight',
  'getEpochInfo',
  'getHealth',
  'getGenesisHash',
  'getVersion',
  'getSignatureStatuses',
  'getTransaction',
  'simulateTransaction',
  'sendTransaction',
])

/** A Solana cluster's: the `test` ping, and -32601 for anything off the list (EVM methods among them). */
export const solanaLocalAnswer = localAnswerOf(solanaMethods)
