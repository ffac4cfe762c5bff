import http from 'node:http'
import https from 'node:https'

export type UpstreamFailure = 'unreachable' | 'timeout' | 'too-large' | 'status' | 'malformed'

export class UpstreamError extends Error {
  override name = 'UpstreamError'
  constructor(
    readonly reason: UpstreamFailure,
    message: string,
  ) {
    super(message)
  }
}

/** Posts a JSON-RPC body to a chain's RPC and resolves the body of its 2xx answer. */
export type RpcUpstream = { post(url: string, body: string): Promise<string> }

export type HttpUpstreamOptions = {
  /** The spec's blockchain-client HTTP timeout. */
  timeoutMs?: number
  maxResponseBytes?: number
  maxSockets?: number
}

/** An RPC upstream over keep-alive connections (a fresh TCP connection per call would halve throughput). */
export class HttpUpstream implements RpcUpstream {
  private readonly timeoutMs: number
  private readonly maxResponseBytes: number
  private readonly agents: { http: http.Agent; https: https.Agent }
  // The chains' RPC URLs come from configuration: a handful, parsed once each.
  private readonly targets = new Map<string, URL>()

  constructor({
    timeoutMs = 10_000,
    maxResponseBytes = 8 * 1024 * 1024,
    maxSockets = 64,
  }: HttpUpstreamOptions = {}) {
    this.timeoutMs = timeoutMs
    this.maxResponseBytes = maxResponseBytes
    this.agents = {
      http: new http.Agent({ keepAlive: true, maxSockets }),
      https: new https.Agent({ keepAlive: true, maxSockets }),
    }
  }

  post(url: string, body: string): Promise<string> {
    let target = this.targets.get(url)
    if (!target) {
      target = new URL(url)
      this.targets.set(url, target)
    }
    const secure = target.protocol === 'https:'
    return new Promise((resolve, reject) => {
      let settled = false
      const settle = (error: UpstreamError | undefined, value?: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        if (error) {
          request.destroy()
          reject(error)
        } else resolve(value!)
      }
      const request = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      const timer = setTimeout(
        () => settle(new UpstreamError('timeout', `no answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      )
      request.on('error', (error) => settle(new UpstreamError('unreachable', error.message)))
      request.on('response', (response) => {
        const status = response.statusCode ?? 0
        if (status < 200 || status > 299) {
          response.resume()
          settle(new UpstreamError('status', `answered ${status}`))
          return
        }
        const tooLarge = () =>
          settle(new UpstreamError('too-large', `answer over ${this.maxResponseBytes} bytes`))
        if (Number(response.headers['content-length']) > this.maxResponseBytes) return tooLarge()
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > this.maxResponseBytes) tooLarge()
          else chunks.push(chunk)
        })
        response.on('end', () => settle(undefined, Buffer.concat(chunks).toString('utf8')))
        response.on('error', (error) => settle(new UpstreamError('unreachable', error.message)))
        // Close follows every end: an error (and its stack) is built only for an answer cut short.
        response.on('close', () => {
          if (!settled) settle(new UpstreamError('unreachable', 'the answer was cut short'))
        })
      })
      request.end(body)
    })
  }

  /** Closes the idle connections (open ones close when their calls end). */
  close(): void {
    this.agents.http.destroy()
    this.agents.https.destroy()
  }
}
