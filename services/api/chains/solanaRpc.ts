import { z } from 'zod'
import { cappedBody } from '../../kit/index.js'

/** Any failure to get a usable answer from a Solana RPC: unreachable, slow, too large, an error, a bad shape. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
}

export type SolanaRpcOptions = { timeoutMs?: number; maxResponseBytes?: number }

const envelope = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ code: z.number(), message: z.string() }) }),
])

/** A Solana JSON-RPC endpoint, one call at a time; every answer is checked against the caller's schema. */
export class SolanaRpc {
  private nextId = 0
  private readonly timeoutMs: number
  private readonly maxResponseBytes: number

  constructor(
    private readonly rpcUrl: string,
    options: SolanaRpcOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024
  }

  async call<S extends z.ZodType>(method: string, params: unknown[], result: S): Promise<z.output<S>> {
    let text: string
    try {
      const response = await fetch(this.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.nextId, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      })
      if (!response.ok) throw new SolanaRpcError(`${method}: HTTP ${response.status}`)
      const body = await cappedBody(response, this.maxResponseBytes)
      if (body === undefined) throw new SolanaRpcError('the answer is too large')
      text = body
    } catch (error) {
      if (error instanceof SolanaRpcError) throw error
      throw new SolanaRpcError(`${method}: ${String(error)}`)
    }
    let answer: z.output<typeof envelope>
    try {
      answer = envelope.parse(JSON.parse(text))
    } catch {
      throw new SolanaRpcError(`${method}: not a JSON-RPC answer`)
    }
    if ('error' in answer) throw new SolanaRpcError(`${method}: ${answer.error.code} ${answer.error.message}`)
    const parsed = result.safeParse(answer.result)
    if (!parsed.success) throw new SolanaRpcError(`${method}: unexpected result shape`)
    return parsed.data
  }
}
