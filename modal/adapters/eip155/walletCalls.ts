import { assertEip155Params, ProviderRpcError } from '@pairwise/engine'
// zod/mini, as the rest of the modal: classic zod here kept its larger core in the first load's shared chunk.
import * as z from 'zod/mini'
import { rpcErrorCode } from '../../controllers/errors.js'
import { chainIdHex } from '../../networks/chainIdHex.js'
import type { Eip1193Provider } from '../types.js'

/** EIP-5792's error codes, for the requests the sequential fallback cannot serve. */
export const callsErrorCodes = {
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  atomicityUnsupported: 5760,
} as const

/** EIP-5792 v2 status codes of a batch. */
export const callsStatus = {
  pending: 100,
  confirmed: 200,
  reverted: 500,
  partiallyReverted: 600,
} as const

/**
 * How many batches sent by the fallback one modal remembers. The oldest is forgotten first; the app asking
 * after a forgotten id gets the wallet's own answer, as for any id the modal never made.
 */
export const fallbackBatchCap = 100

/** A wallet that does not know the method says so: EIP-1474 method not found, EIP-1193 unsupported method. */
const notSupportedCodes: ReadonlySet<number> = new Set([-32601, 4200])

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const transactionHash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))
/** EIP-5792 capabilities: each a name keying an object that may say it is `optional`. */
const capabilitiesSchema = z.optional(z.record(z.string(), z.unknown()))
const sendCallsSchema = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  from: z.optional(address),
  chainId: hex,
  atomicRequired: z.optional(z.boolean()),
  calls: z
    .array(
      z.object({
        to: z.optional(address),
        data: z.optional(hex),
        value: z.optional(hex),
        capabilities: capabilitiesSchema,
      }),
    )
    .check(z.minLength(1)),
  capabilities: capabilitiesSchema,
})
type SendCalls = z.infer<typeof sendCallsSchema>

/** The receipt fields EIP-5792 reports, as the chain wrote them. */
const receiptSchema = z.object({
  logs: z.array(z.object({ address, data: hex, topics: z.array(hex) })),
  status: z.enum(['0x0', '0x1']),
  blockHash: hex,
  blockNumber: hex,
  gasUsed: hex,
  transactionHash,
})
type Receipt = z.infer<typeof receiptSchema>

/** One batch the fallback sent: its transactions in call order, and whether every call was sent. */
type Batch = { chainId: string; hashes: string[]; complete: boolean }

/** Reads a transaction's receipt on the chain `chainId` (hex); null while it is not mined. */
export type ReceiptReader = (provider: Eip1193Provider, chainId: string, hash: string) => Promise<unknown>

const callsError = (code: number, message: string) => new ProviderRpcError(code, message)

function parseSendCalls(params: unknown[]): SendCalls {
  const parsed = sendCallsSchema.safeParse(params[0])
  if (!parsed.success)
    throw callsError(-32602, `wallet_sendCalls: ${parsed.error.issues[0]?.message ?? 'invalid params'}`)
  return parsed.data
}

/** A capability the request does not mark `optional: true`, which a wallet without it must refuse. */
function requiredCapability(capabilities: Record<string, unknown> | undefined): string | undefined {
  return Object.entries(capabilities ?? {}).find(
    ([, value]) => (value as { optional?: unknown } | null)?.optional !== true,
  )?.[0]
}

function newBatchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * EIP-5792 for every wallet. A wallet that serves wallet_sendCalls gets it; one that answers "method not
 * supported" (-32601, 4200) gets each call as its own eth_sendTransaction, in order, and the modal keeps the
 * hashes under an id it makes (per modal, at most `fallbackBatchCap`), so wallet_getCallsStatus of that id
 * reports them. Such a batch is never atomic: a request that requires atomicity or a capability is refused
 * with EIP-5792's codes rather than sent another way than asked.
 */
export class WalletCalls {
  readonly #batches = new Map<string, Batch>()
  readonly #readReceipt: ReceiptReader

  constructor(readReceipt: ReceiptReader) {
    this.#readReceipt = readReceipt
  }

  request(provider: Eip1193Provider, method: string, params: unknown[]): Promise<unknown> {
    assertEip155Params(method, params)
    if (method === 'wallet_sendCalls') return this.#send(provider, params)
    if (method === 'wallet_getCapabilities') return this.#capabilities(provider, params)
    const batch = typeof params[0] === 'string' ? this.#batches.get(params[0]) : undefined
    if (batch && method === 'wallet_getCallsStatus') return this.#status(provider, params[0] as string, batch)
    // The wallet never saw the batch, so it has no view of it; the app reads its status instead.
    if (batch && method === 'wallet_showCallsStatus') return Promise.resolve(null)
    return provider.request({ method, params })
  }

  async #send(provider: Eip1193Provider, params: unknown[]): Promise<unknown> {
    try {
      return await provider.request({ method: 'wallet_sendCalls', params })
    } catch (error) {
      const code = rpcErrorCode(error)
      if (code === undefined || !notSupportedCodes.has(code)) throw error
    }
    return this.#sequential(provider, parseSendCalls(params))
  }

  async #sequential(provider: Eip1193Provider, request: SendCalls): Promise<{ id: string }> {
    if (request.atomicRequired)
      throw callsError(callsErrorCodes.atomicityUnsupported, 'The wallet cannot send these calls atomically.')
    const required = [request.capabilities, ...request.calls.map((c) => c.capabilities)]
      .map(requiredCapability)
      .find((name) => name !== undefined)
    if (required !== undefined)
      throw callsError(callsErrorCodes.unsupportedCapability, `The wallet does not support ${required}.`)
    if (request.id !== undefined && this.#batches.has(request.id))
      throw callsError(callsErrorCodes.duplicateId, `A batch with id ${request.id} was already sent.`)
    const walletChain = chainIdHex(String(await provider.request({ method: 'eth_chainId' })))
    const chainId = chainIdHex(request.chainId)
    if (chainId === undefined || walletChain !== chainId)
      throw callsError(
        callsErrorCodes.unsupportedChain,
        `The calls are for chain ${request.chainId}, the wallet is on ${walletChain ?? 'an unknown chain'}.`,
      )
    const from = request.from ?? z.array(address).parse(await provider.request({ method: 'eth_accounts' }))[0]
    const batch: Batch = { chainId, hashes: [], complete: false }
    for (const call of request.calls) {
      const transaction = {
        ...(from ? { from } : {}),
        ...(call.to ? { to: call.to } : {}),
        ...(call.data ? { data: call.data } : {}),
        ...(call.value ? { value: call.value } : {}),
      }
      try {
        batch.hashes.push(
          transactionHash.parse(
            await provider.request({ method: 'eth_sendTransaction', params: [transaction] }),
          ),
        )
      } catch (error) {
        // Nothing sent yet: the batch never started. Otherwise it is reported as far as it went.
        if (batch.hashes.length === 0) throw error
        break
      }
    }
    batch.complete = batch.hashes.length === request.calls.length
    const id = request.id ?? newBatchId()
    this.#remember(id, batch)
    return { id }
  }

  #remember(id: string, batch: Batch): void {
    this.#batches.set(id, batch)
    for (const oldest of this.#batches.keys()) {
      if (this.#batches.size <= fallbackBatchCap) break
      this.#batches.delete(oldest)
    }
  }

  async #status(provider: Eip1193Provider, id: string, batch: Batch) {
    const answers = await Promise.all(
      batch.hashes.map((hash) => this.#readReceipt(provider, batch.chainId, hash)),
    )
    const receipts = answers.flatMap((answer) => {
      const parsed = receiptSchema.safeParse(answer)
      return parsed.success ? [pickReceipt(parsed.data)] : []
    })
    return {
      version: '2.0.0',
      id,
      chainId: batch.chainId,
      status: statusOf(batch, receipts),
      atomic: false,
      receipts,
    }
  }

  async #capabilities(provider: Eip1193Provider, params: unknown[]): Promise<unknown> {
    try {
      return await provider.request({ method: 'wallet_getCapabilities', params })
    } catch (error) {
      const code = rpcErrorCode(error)
      if (code === undefined || !notSupportedCodes.has(code)) throw error
    }
    // The fallback's one capability: calls go out, one transaction each, never atomically.
    const asked = z.array(hex).safeParse(params[1])
    const chainIds = asked.success ? asked.data : [String(await provider.request({ method: 'eth_chainId' }))]
    return Object.fromEntries(
      chainIds.flatMap((id) => {
        const chainId = chainIdHex(id)
        return chainId ? [[chainId, { atomic: { status: 'unsupported' } }]] : []
      }),
    )
  }
}

function pickReceipt({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }: Receipt) {
  return {
    logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status,
    blockHash,
    blockNumber,
    gasUsed,
    transactionHash,
  }
}

/** EIP-5792 v2: pending until every sent call is mined; a batch that stopped early is at best partial. */
function statusOf(batch: Batch, receipts: Receipt[]): number {
  if (receipts.length < batch.hashes.length) return callsStatus.pending
  if (receipts.every((r) => r.status === '0x0')) return callsStatus.reverted
  if (batch.complete && receipts.every((r) => r.status === '0x1')) return callsStatus.confirmed
  return callsStatus.partiallyReverted
}
