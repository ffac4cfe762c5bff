import type { ServerResponse } from 'node:http'
import { whenResponseGone } from '../kit/index.js'
import { solanaLimits } from './limits.js'

type Load = { requests: number; unsentBytes: number }

/** Why a client's request is refused, as the message of its 429. */
export type LoadRefusal = string

/**
 * What each client address holds on the JSON-RPC server: requests under way, and answer bytes written but
 * not yet taken by the kernel (a client that does not read leaves them in the process). Counted per client
 * so one client's flood or unread answers never refuse another.
 */
export class ClientLoad {
  private readonly loads = new Map<string, Load>()

  /** Counts a request against its client until its response has gone; a refusal when the client is at a cap. */
  admit(client: string, response: ServerResponse): LoadRefusal | undefined {
    const load = this.loads.get(client) ?? { requests: 0, unsentBytes: 0 }
    if (load.requests >= solanaLimits.maxConcurrentRequestsPerClient)
      return `At most ${solanaLimits.maxConcurrentRequestsPerClient} requests per client at once`
    const unread = this.unread(load)
    if (unread) return unread
    load.requests++
    this.loads.set(client, load)
    whenResponseGone(response, () => {
      load.requests--
      this.forgetIfIdle(client, load)
    })
    return undefined
  }

  /** A refusal while the client's unread answers are at the cap; checked again just before an answer is built. */
  unsent(client: string): LoadRefusal | undefined {
    const load = this.loads.get(client)
    return load && this.unread(load)
  }

  /** Counts an answer's bytes against its client until the kernel has taken them all, or the socket closed. */
  sending(client: string, response: ServerResponse, bytes: number): void {
    const load = this.loads.get(client)
    if (!load) return
    load.unsentBytes += bytes
    let released = false
    const release = () => {
      if (released) return
      released = true
      load.unsentBytes -= bytes
      this.forgetIfIdle(client, load)
    }
    response.once('finish', release)
    whenResponseGone(response, release)
  }

  private unread(load: Load): LoadRefusal | undefined {
    if (load.unsentBytes < solanaLimits.maxUnsentAnswerBytesPerClient) return undefined
    return `At most ${solanaLimits.maxUnsentAnswerBytesPerClient} bytes of answers unread per client; read them first`
  }

  private forgetIfIdle(client: string, load: Load): void {
    if (load.requests === 0 && load.unsentBytes === 0 && this.loads.get(client) === load)
      this.loads.delete(client)
  }
}
