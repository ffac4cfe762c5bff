import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'

export type LoadOptions = {
  url: string
  clients: number
  /** Makes the query string of one client's socket URL (our relay wants a JWT; the baseline nothing). */
  query: (index: number) => string
  /** Whether pushed messages must be acknowledged (the relay re-pushes until they are). */
  ack: boolean
}

/**
 * Each client's own loopback address (127.1.x.y, all routed to this host): the relay's per-address limits
 * see as many addresses as users, as a public relay does.
 */
export function clientAddress(index: number): string {
  return `127.1.${1 + Math.floor(index / 254)}.${1 + (index % 254)}`
}

export type Percentiles = { p50: number; p99: number; max: number }
/** One run of publishes: what arrived, over how long, and each message's publish → delivery time in ms. */
export type Phase = { messages: number; seconds: number; latencies: number[] }
export type PhaseResult = { messages: number; seconds: number; perSecond: number; latencyMs: Percentiles }

/** An answer to one of the client's calls: its result, or the relay's refusal. */
type Answer = { result?: unknown; error?: { code: number; message: string } }
type Pending = Map<string, (answer: Answer) => void>
type Client = { socket: WebSocket; topic: string; pending: Pending }

const topicOf = (index: number) => index.toString(16).padStart(64, '0')

function percentiles(samples: number[]): Percentiles {
  const sorted = samples.toSorted((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN }
}

/** Several phases of one load taken as one: messages and time summed, latencies pooled. */
export function summarize(phases: Phase[]): PhaseResult {
  const messages = phases.reduce((sum, phase) => sum + phase.messages, 0)
  const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0)
  return {
    messages,
    seconds,
    perSecond: messages / seconds,
    latencyMs: percentiles(phases.flatMap((phase) => phase.latencies)),
  }
}

/** Connects `clients` sockets, each subscribed to its own topic, and measures publish → delivery. */
export class Load {
  private readonly clients: Client[] = []
  private readonly sentAt = new Map<string, number>()
  private latencies: number[] = []
  private delivered = 0
  private runs = 0
  private nextId = 1_000_000_000_000_000_000n
  private onDelivered: (() => void) | undefined

  constructor(private readonly options: LoadOptions) {}

  async connect(batch = 250): Promise<void> {
    for (let start = 0; start < this.options.clients; start += batch) {
      const indexes = Array.from(
        { length: Math.min(batch, this.options.clients - start) },
        (_, i) => start + i,
      )
      await Promise.all(indexes.map((index) => this.connectOne(index)))
    }
  }

  private async connectOne(index: number): Promise<void> {
    const socket = new WebSocket(`${this.options.url}?${this.options.query(index)}`, {
      perMessageDeflate: false,
      localAddress: clientAddress(index),
    })
    const client: Client = { socket, topic: topicOf(index), pending: new Map() }
    socket.on('message', (data) => this.receive(client, String(data)))
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    this.clients.push(client)
    await this.call(client, 'irn_subscribe', { topic: client.topic })
  }

  private receive(client: Client, text: string): void {
    const frame = JSON.parse(text) as {
      id: string | number
      method?: string
      params?: { data: { message: string } }
    } & Answer
    if (frame.method === 'irn_subscription' && frame.params) {
      if (this.options.ack) client.socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      const sent = this.sentAt.get(frame.params.data.message)
      if (sent !== undefined) {
        this.sentAt.delete(frame.params.data.message)
        this.latencies.push(performance.now() - sent)
        this.delivered++
        this.onDelivered?.()
      }
      return
    }
    const answer = client.pending.get(String(frame.id))
    client.pending.delete(String(frame.id))
    answer?.(frame)
  }

  /** The call's result; a refusal stops the run, so that a relay refusing every publish is not read as slow. */
  private call(client: Client, method: string, params: object): Promise<unknown> {
    const id = String(this.nextId++)
    return new Promise((resolve, reject) => {
      client.pending.set(id, ({ result, error }) =>
        error ? reject(new Error(`${method} refused: ${error.code} ${error.message}`)) : resolve(result),
      )
      // Ids are strings holding big integers, as the official clients send them.
      client.socket.send(
        `{"id":${JSON.stringify(id)},"jsonrpc":"2.0","method":"${method}","params":${JSON.stringify(params)}}`,
      )
    })
  }

  /** Publishes `count` messages, each from one client to another's topic, at most `window` unanswered. */
  async run({
    count,
    window,
    ratePerSecond,
  }: {
    count: number
    window: number
    ratePerSecond?: number
  }): Promise<Phase> {
    this.latencies = []
    this.delivered = 0
    // Unique text per run: a relay rightly drops an envelope re-published on the same topic.
    const run = (this.runs++).toString(36)
    const allDelivered = new Promise<void>((resolve) => {
      this.onDelivered = () => {
        if (this.delivered >= count) resolve()
      }
    })
    const started = performance.now()
    let sent = 0
    const worker = async () => {
      while (sent < count) {
        const n = sent++
        if (ratePerSecond) {
          const due = started + (n * 1000) / ratePerSecond
          const wait = due - performance.now()
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        }
        const total = this.clients.length
        const from = this.clients[n % total]!
        // Never the publisher itself: the relay does not echo, so such a message would never arrive.
        const to = this.clients[((n % total) + 1 + ((n * 7919) % (total - 1))) % total]!
        // In the base64 alphabet, as every envelope is: the relay refuses any other text.
        const message = `${run}-${n.toString(36)}-${'x'.repeat(180)}`
        this.sentAt.set(message, performance.now())
        await this.call(from, 'irn_publish', { topic: to.topic, message, ttl: 300, tag: 1108, prompt: false })
      }
    }
    await Promise.all(Array.from({ length: window }, worker))
    let timer: NodeJS.Timeout | undefined
    const giveUp = new Promise((resolve) => {
      timer = setTimeout(resolve, 30_000)
    })
    await Promise.race([allDelivered, giveUp])
    clearTimeout(timer)
    return {
      messages: this.delivered,
      seconds: (performance.now() - started) / 1000,
      latencies: this.latencies,
    }
  }

  close(): void {
    for (const client of this.clients) client.socket.terminate()
  }
}
