import { ApiError } from '../http/apiError.js'
import { answersLarge, sharingKey } from './callTraits.js'
import type { RpcUpstream } from './httpUpstream.js'
import { type JsonRpcAnswer, type JsonRpcCall, maxBatchCalls } from './jsonRpc.js'
import { UpstreamError } from './upstreamError.js'
import { readUpstreamReply, type UpstreamAnswer } from './upstreamReply.js'

export type UpstreamBatcherOptions = {
  /** Calls in one upstream request at most; a flush with more sends several. */
  maxBatchCalls?: number
  /** Client calls held (queued or awaiting the upstream) across all URLs; more are refused 503. */
  maxPendingCalls?: number
  /**
   * Told once per failed upstream request that fails its clients (however many), not of a batch of reads
   * over the answer cap, whose reads go again alone.
   */
  onUpstreamFailure?: (error: UpstreamError) => void
}

type Waiter = {
  id: JsonRpcCall['id']
  resolve(answer: JsonRpcAnswer): void
  reject(error: UpstreamError): void
}

/**
 * One call as it goes upstream, with every client call it answers; `afterId` is its JSON from the method on
 * (`"method":…}`), made once, so a request's body is its calls' prefixes and ids joined to these.
 */
type Slot = { call: JsonRpcCall; afterId: string; waiters: Waiter[] }

/**
 * The calls for one URL waiting for the next flush: those to send alone, the reads that may go twice
 * (./callTraits.ts sharedReads), and the calls that must go `once` (sends, filters).
 */
type Queue = { reads: Slot[]; once: Slot[]; alone: Slot[]; shared: Map<string, Slot> }

/** Client calls held at once across every URL by default; more are refused 503. */
export const DEFAULT_MAX_PENDING_CALLS = 10_000

/**
 * Bytes of one upstream batch's body at most. A Solana RPC refuses a body over 50 KiB whole (413), failing
 * every call in it: one client's large params must not take a batch shared with others past it. A call
 * larger on its own still goes, alone, and fails only itself. EVM nodes take megabytes; for them this only
 * splits the rare flush of large calls into more requests.
 */
export const maxBatchBytes = 50 * 1024

/** A call's JSON up to its id; `afterId` follows the id. */
const beforeId = '{"jsonrpc":"2.0","id":'

const busy = () => new ApiError(503, 'UNAVAILABLE', 'Server busy: too many chain RPC calls pending')

const noAnswer: UpstreamAnswer = {
  error: { code: -32603, message: 'Internal error: the chain RPC gave no answer' },
}

/**
 * Sends the calls that arrive in one turn of the event loop for one URL as one JSON-RPC batch, under
 * ids of its own, and gives each client its answer under the client's id. Calls whose answers may be
 * large go out alone, and a batch of reads whose answer passes the upstream's cap goes again call by call,
 * so one client's large answer cannot fail the calls of others; calls that must not go twice (sends,
 * filters) are batched apart from the reads, whose answers could take their batch over the cap after the
 * node ran them. A batch's body stays within maxBatchBytes, so one client's large params cannot push it
 * over the upstream's body cap.
 */
export class UpstreamBatcher {
  private queues = new Map<string, Queue>()
  private pending = 0
  private flushing = false
  private readonly maxBatchCalls: number
  /** A call's bytes in a batch besides `afterId`: `beforeId`, the longest id, its comma, a separator. */
  private readonly callFrame: number
  private readonly maxPendingCalls: number
  private readonly onUpstreamFailure: (error: UpstreamError) => void

  constructor(
    private readonly upstream: RpcUpstream,
    {
      maxBatchCalls: batchCap = maxBatchCalls,
      maxPendingCalls = DEFAULT_MAX_PENDING_CALLS,
      onUpstreamFailure,
    }: UpstreamBatcherOptions = {},
  ) {
    this.maxBatchCalls = batchCap
    this.callFrame = beforeId.length + String(batchCap - 1).length + 2
    this.maxPendingCalls = maxPendingCalls
    this.onUpstreamFailure = onUpstreamFailure ?? (() => {})
  }

  /**
   * The answers to `calls`, in their order, from the next flush. Refused whole with a 503 ApiError when
   * they would take the batcher over its cap; rejected with the UpstreamError of a failed upstream request.
   */
  send(url: string, calls: readonly JsonRpcCall[]): Promise<JsonRpcAnswer[]> {
    if (this.pending + calls.length > this.maxPendingCalls) return Promise.reject(busy())
    const queue = this.queueFor(url)
    return Promise.all(calls.map((call) => this.enqueue(queue, call)))
  }

  /**
   * Whether `call` goes upstream in a request of its own, holding one of the upstream's connections while the
   * node runs it: one whose answer may be large, or any call of a batcher sending one call a request (the
   * bundler path's). The route's per-client count of such calls asks this, so the two cannot differ.
   */
  goesAlone(call: JsonRpcCall): boolean {
    return this.maxBatchCalls === 1 || answersLarge(call)
  }

  /** `send` for one call: its answer alone. */
  call(url: string, call: JsonRpcCall): Promise<JsonRpcAnswer> {
    if (this.pending >= this.maxPendingCalls) return Promise.reject(busy())
    return this.enqueue(this.queueFor(url), call)
  }

  private queueFor(url: string): Queue {
    let queue = this.queues.get(url)
    if (!queue) {
      queue = { reads: [], once: [], alone: [], shared: new Map() }
      this.queues.set(url, queue)
    }
    if (!this.flushing) {
      this.flushing = true
      setImmediate(() => this.flush())
    }
    return queue
  }

  private enqueue(queue: Queue, call: JsonRpcCall): Promise<JsonRpcAnswer> {
    return new Promise<JsonRpcAnswer>((resolve, reject) => {
      const waiter: Waiter = { id: call.id, resolve, reject }
      // Sharing within one flush stays linearizable: every caller arrived before the upstream call was
      // sent, so the one answer is one each of them could have had alone.
      const key = sharingKey(call)
      const shared = key === undefined ? undefined : queue.shared.get(key)
      if (shared) {
        this.pending += 1
        shared.waiters.push(waiter)
        return
      }
      const { method, params } = call
      const slot: Slot = { call, afterId: JSON.stringify({ method, params }).slice(1), waiters: [waiter] }
      // Counted once it is sure to be placed: a call whose JSON throws rejects here and holds no place.
      this.pending += 1
      if (key !== undefined) queue.shared.set(key, slot)
      ;(answersLarge(call) ? queue.alone : key === undefined ? queue.once : queue.reads).push(slot)
    })
  }

  private flush(): void {
    const queues = this.queues
    this.queues = new Map()
    this.flushing = false
    for (const [url, { reads, once, alone }] of queues) {
      for (const slot of alone) void this.post(url, [slot], false)
      for (const request of this.requestsOf(reads)) void this.post(url, request, true)
      for (const request of this.requestsOf(once)) void this.post(url, request, false)
    }
  }

  /** `slots` in their order, cut into requests of at most maxBatchCalls calls and maxBatchBytes bytes. */
  private requestsOf(slots: readonly Slot[]): Slot[][] {
    const requests: Slot[][] = []
    let request: Slot[] = []
    let bytes = 1 // the batch's `[`
    for (const slot of slots) {
      const size = this.callFrame + Buffer.byteLength(slot.afterId)
      if (request.length === this.maxBatchCalls || (request.length > 0 && bytes + size > maxBatchBytes)) {
        requests.push(request)
        request = []
        bytes = 1
      }
      request.push(slot)
      bytes += size
    }
    if (request.length > 0) requests.push(request)
    return requests
  }

  /**
   * One upstream request for `slots`; settles every waiter, never rejects. A batch of reads (`reads`) whose
   * answer passed the upstream's cap sends each read again alone: one client's large answer (an eth_call's
   * return data has no bound but gas) then fails that call only, not the other clients' it was batched with.
   */
  private async post(url: string, slots: Slot[], reads: boolean): Promise<void> {
    const calls = slots.map(({ afterId }, id) => `${beforeId}${id},${afterId}`)
    const batch = calls.length > 1
    let answerFor: (id: number) => UpstreamAnswer
    try {
      const reply = readUpstreamReply(
        await this.upstream.post(url, batch ? `[${calls.join(',')}]` : (calls[0] as string)),
        batch,
      )
      answerFor = reply.kind === 'all' ? () => reply.answer : (id) => reply.answers.get(id) ?? noAnswer
    } catch (error) {
      const failure = error instanceof UpstreamError ? error : new UpstreamError('unreachable', String(error))
      // Told of no failure yet: no client saw one. A read still over the cap alone is told of then.
      if (reads && slots.length > 1 && failure.reason === 'too-large') {
        for (const slot of slots) void this.post(url, [slot], false)
        return
      }
      this.onUpstreamFailure(failure)
      for (const { waiters } of slots) {
        this.pending -= waiters.length
        for (const waiter of waiters) waiter.reject(failure)
      }
      return
    }
    slots.forEach(({ waiters }, id) => {
      const answer = answerFor(id)
      this.pending -= waiters.length
      for (const waiter of waiters)
        waiter.resolve(
          'result' in answer
            ? { jsonrpc: '2.0', id: waiter.id, result: answer.result }
            : { jsonrpc: '2.0', id: waiter.id, error: answer.error },
        )
    })
  }
}
