import {
  type Abi,
  type Address,
  type Client,
  decodeErrorResult,
  encodeFunctionData,
  getTypesForEIP712Domain,
  type Hex,
  hexToBigInt,
  numberToHex,
  serializeTypedData,
  type TypedDataDefinition,
} from 'viem'
import { multicall } from 'viem/actions'
import { WalletError } from '../../controllers/errors.js'
import { isSignedMessage, isTransactionHash } from '../../core/validation.js'
import type { Eip1193Provider } from '../types.js'
import { withTimeout } from './withTimeout.js'

/** CONST: signatures and receipts are waited for 25 s. */
export const signWaitMs = 25_000
export const receiptWaitMs = 25_000
const receiptPollMs = 200

/** A connected wallet checked to hold `account` on the chain in use, and a reader for that chain. */
export type ActingWallet = {
  provider: Eip1193Provider
  account: Address
  read(method: string, params: unknown[]): Promise<unknown>
}

/** What a transaction pays per gas: EIP-1559's max and priority fees, or a legacy chain's gas price. */
export type FeesPerGas = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }

/**
 * `gas` and `fees`, when given, are the ones the visitor reviewed: the wallet is asked with them so the fee
 * it charges is the one shown (it may still change them).
 */
export type TransactionRequest = {
  to: Address
  data?: Hex
  value?: bigint | number | string
  gas?: bigint
  fees?: FeesPerGas
}
export type ContractWrite = {
  address: Address
  abi: Abi
  functionName: string
  args?: readonly unknown[]
  value?: bigint | number | string
  gas?: bigint
  fees?: FeesPerGas
}
export type Receipt = { transactionHash: Hex; blockNumber: bigint; status: 'success'; gasUsed: bigint }

const timedOut = Symbol('timed out')

async function walletAnswer(wallet: ActingWallet, method: string, params: unknown[]): Promise<unknown> {
  const answer = await withTimeout(wallet.provider.request({ method, params }), signWaitMs, timedOut)
  if (answer === timedOut) throw new WalletError('TIMEOUT')
  return answer
}

export type ContractRead = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] }

/** CALL-04: several contract reads folded into multicalls (CONST-15 sizes them); results in the order asked. */
export async function readContracts(client: Client, contracts: readonly ContractRead[]): Promise<unknown[]> {
  return multicall(client, { contracts: contracts as never, allowFailure: false }) as Promise<unknown[]>
}

/** What a wallet answered, short enough to name in an error. */
const answerText = (answer: unknown) => String(JSON.stringify(answer)).slice(0, 80)

/** The wallet's answer when it is a signature (VAL-04); otherwise the request failed (ERR-61). */
function signatureIn(answer: unknown): Hex {
  if (typeof answer === 'string' && isSignedMessage(answer)) return answer as Hex
  throw new Error(`the wallet answered no signature: ${answerText(answer)}`)
}

/** ERR-61: any failure, a refusal included, is Sign message failed; the wallet's error is its cause. */
export async function signMessage(wallet: ActingWallet, message: string): Promise<Hex> {
  try {
    return signatureIn(await walletAnswer(wallet, 'personal_sign', [message, wallet.account]))
  } catch (error) {
    throw new WalletError('SIGN_MESSAGE_FAILED', error)
  }
}

export async function signTypedData(wallet: ActingWallet, typedData: TypedDataDefinition): Promise<Hex> {
  try {
    return signatureIn(
      await walletAnswer(wallet, 'eth_signTypedData_v4', [
        wallet.account,
        // The wallet hashes the domain by the EIP712Domain type it is given; without one it would sign `{}`.
        serializeTypedData({
          ...typedData,
          types: { EIP712Domain: getTypesForEIP712Domain({ domain: typedData.domain }), ...typedData.types },
        } as unknown as TypedDataDefinition),
      ]),
    )
  } catch (error) {
    throw new WalletError('SIGN_MESSAGE_FAILED', error)
  }
}

/** A send value as a quantity; one that is not a whole number counts as zero (§4 connector rules). */
export function quantity(value: bigint | number | string | undefined): Hex {
  if (typeof value === 'bigint') return numberToHex(value)
  const text = String(value ?? '')
  return numberToHex(/^\d+$/.test(text) ? BigInt(text) : 0n)
}

function feeFields(fees: FeesPerGas | undefined) {
  if (!fees) return {}
  if ('gasPrice' in fees) return { gasPrice: numberToHex(fees.gasPrice) }
  return {
    maxFeePerGas: numberToHex(fees.maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas),
  }
}

function callOf(wallet: ActingWallet, tx: TransactionRequest) {
  return {
    from: wallet.account,
    to: tx.to,
    value: quantity(tx.value),
    ...(tx.data ? { data: tx.data } : {}),
    ...(tx.gas === undefined ? {} : { gas: numberToHex(tx.gas) }),
    ...feeFields(tx.fees),
  }
}

/** ERR-62 */
export async function estimateGas(wallet: ActingWallet, tx: TransactionRequest): Promise<bigint> {
  try {
    return hexToBigInt((await wallet.read('eth_estimateGas', [callOf(wallet, tx)])) as Hex)
  } catch (error) {
    throw new WalletError('ESTIMATE_GAS_FAILED', error)
  }
}

/** The wallet's answer is the transaction's hash (VAL-03), or no transaction the modal can follow or link to. */
export async function sendTransaction(wallet: ActingWallet, tx: TransactionRequest): Promise<Hex> {
  const hash = await walletAnswer(wallet, 'eth_sendTransaction', [callOf(wallet, tx)])
  if (typeof hash === 'string' && isTransactionHash(hash)) return hash as Hex
  throw new WalletError('TRANSACTION_NOT_FOUND', undefined, answerText(hash))
}

/**
 * Simulates the call first, so a revert is reported with its reason (ERR-66/67) before the wallet is
 * asked to sign something that cannot succeed.
 */
export async function writeContract(wallet: ActingWallet, write: ContractWrite): Promise<Hex> {
  const tx: TransactionRequest = {
    to: write.address,
    data: encodeFunctionData({ abi: write.abi, functionName: write.functionName, args: write.args ?? [] }),
    ...(write.value === undefined ? {} : { value: write.value }),
  }
  // Simulated without gas and fees: a node checks the balance against them, and its refusal is no revert.
  await wallet.read('eth_call', [callOf(wallet, tx), 'latest']).catch((error: unknown) => {
    throw revertError(error, write.abi)
  })
  return sendTransaction(wallet, { ...tx, gas: write.gas, fees: write.fees })
}

/** A transaction as the chain reports it (the fields the receipt wait compares). */
export type ChainTransaction = {
  hash: Hex
  from: Address
  to: Address | null
  nonce: Hex
  value: Hex
  input: Hex
}

/**
 * PROV-05: how a transaction that another one replaced (same sender, same nonce) is classed. The spec
 * names the classes only; the rules are viem's: 'repriced' when the replacement has the same to, value
 * and data (only the fees differ), else 'cancelled' when it sends zero value to the sender itself, else
 * 'replaced'.
 */
export type ReplacementReason = 'repriced' | 'cancelled' | 'replaced'
export type Replacement = {
  reason: ReplacementReason
  replacedTransaction: ChainTransaction
  transaction: ChainTransaction
}

export function replacementReason(
  replaced: ChainTransaction,
  replacement: ChainTransaction,
): ReplacementReason {
  const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase()
  if (
    same(replacement.to, replaced.to) &&
    hexToBigInt(replacement.value) === hexToBigInt(replaced.value) &&
    same(replacement.input, replaced.input)
  )
    return 'repriced'
  if (same(replacement.to, replacement.from) && hexToBigInt(replacement.value) === 0n) return 'cancelled'
  return 'replaced'
}

type RpcReceipt = { status: Hex; blockNumber: Hex; gasUsed: Hex }

/**
 * Polls for the receipt; a reverted transaction is replayed at its block to throw its reason (ERR-66)
 * or an unknown-reason error (ERR-67). `abi` lets custom errors be named. A transaction replaced while
 * awaited (its nonce used by another one, mined in a block since the wait began) is reported to
 * `onReplaced` with its class (PROV-05), and the wait goes on with the replacement's receipt.
 */
export async function waitForTransactionReceipt(
  read: ActingWallet['read'],
  hash: Hex,
  {
    abi = [],
    timeoutMs = receiptWaitMs,
    onReplaced,
  }: { abi?: Abi; timeoutMs?: number; onReplaced?: (replacement: Replacement) => void } = {},
): Promise<Receipt> {
  const deadline = Date.now() + timeoutMs
  let awaited = hash
  let original: ChainTransaction | null = null
  let fromBlock: bigint | undefined
  for (;;) {
    const receipt = (await read('eth_getTransactionReceipt', [awaited])) as RpcReceipt | null
    if (receipt) return settledReceipt(read, awaited, receipt, abi)
    fromBlock ??= hexToBigInt((await read('eth_blockNumber', [])) as Hex)
    original ??= (await read('eth_getTransactionByHash', [hash])) as ChainTransaction | null
    if (original && awaited === hash) {
      const replacement = await findReplacement(read, original, fromBlock)
      if (replacement) {
        onReplaced?.({
          reason: replacementReason(original, replacement),
          replacedTransaction: original,
          transaction: replacement,
        })
        awaited = replacement.hash
        continue
      }
    }
    if (Date.now() >= deadline) throw new WalletError('RECEIPT_TIMEOUT')
    await new Promise((resolve) => setTimeout(resolve, receiptPollMs))
  }
}

/** The mined transaction that used `original`'s nonce instead of it, looked for once the nonce is spent. */
async function findReplacement(
  read: ActingWallet['read'],
  original: ChainTransaction,
  fromBlock: bigint,
): Promise<ChainTransaction | undefined> {
  const spent = hexToBigInt((await read('eth_getTransactionCount', [original.from, 'latest'])) as Hex)
  if (spent <= hexToBigInt(original.nonce)) return undefined
  const latest = hexToBigInt((await read('eth_blockNumber', [])) as Hex)
  for (let n = latest; n >= fromBlock; n--) {
    const block = (await read('eth_getBlockByNumber', [numberToHex(n), true])) as {
      transactions: ChainTransaction[]
    } | null
    const found = block?.transactions.find(
      (tx) => tx.from.toLowerCase() === original.from.toLowerCase() && tx.nonce === original.nonce,
    )
    if (found) return found.hash === original.hash ? undefined : found
  }
  return undefined
}

async function settledReceipt(
  read: ActingWallet['read'],
  hash: Hex,
  receipt: RpcReceipt,
  abi: Abi,
): Promise<Receipt> {
  if (receipt.status === '0x1')
    return {
      transactionHash: hash,
      blockNumber: hexToBigInt(receipt.blockNumber),
      gasUsed: hexToBigInt(receipt.gasUsed),
      status: 'success',
    }
  throw await replayedRevert(read, hash, receipt.blockNumber, abi)
}

async function replayedRevert(
  read: ActingWallet['read'],
  hash: Hex,
  block: Hex,
  abi: Abi,
): Promise<WalletError> {
  const tx = (await read('eth_getTransactionByHash', [hash])) as {
    from: Address
    to: Address
    input: Hex
    value: Hex
    gas: Hex
  }
  const call = { from: tx.from, to: tx.to, data: tx.input, value: tx.value, gas: tx.gas }
  return read('eth_call', [call, block]).then(
    () => new WalletError('TRANSACTION_REVERTED_UNKNOWN'),
    (error: unknown) => revertError(error, abi),
  )
}

/** The revert data an RPC error carries, wherever the transport nested it. */
function revertData(error: unknown): Hex | undefined {
  for (
    let at: unknown = error;
    typeof at === 'object' && at !== null;
    at = (at as { cause?: unknown }).cause
  ) {
    const data = (at as { data?: unknown }).data
    if (typeof data === 'string' && /^0x[0-9a-f]*$/i.test(data)) return data as Hex
    if (typeof data === 'object' && data !== null) {
      const nested = (data as { data?: unknown }).data
      if (typeof nested === 'string' && /^0x[0-9a-f]*$/i.test(nested)) return nested as Hex
    }
  }
  return undefined
}

function revertError(error: unknown, abi: Abi): WalletError {
  const data = revertData(error)
  if (!data || data.length < 10) return new WalletError('TRANSACTION_REVERTED_UNKNOWN', error)
  try {
    const decoded = decodeErrorResult({ abi, data })
    const reason =
      decoded.errorName === 'Error'
        ? String(decoded.args?.[0])
        : `${decoded.errorName}(${(decoded.args ?? []).map(String).join(', ')})`
    return new WalletError('TRANSACTION_REVERTED', error, reason)
  } catch {
    return new WalletError('TRANSACTION_REVERTED_UNKNOWN', error)
  }
}
