import {
  bytesToHex,
  decodeEnvelope,
  encodeEnvelope,
  hexToBytes,
  type KeyPair,
} from '../../../crypto/index.js'
import {
  deriveSymKey,
  generateKeyPair,
  generateSigningKeyPair,
  topicFromSymKey,
} from '../../../crypto/noble.js'
import { RelayClient, type RelayMessage } from '../../../relay/client/index.js'

export type Decoded = { topic: string; tag: number; payload: Record<string, unknown> & { id: number } }

/**
 * A peer that speaks the wire protocol by hand: it encrypts and publishes whatever payload a test
 * wants, so the tests can send what a well-behaved client never would (stale ids, bad settlements).
 */
export class RawPeer {
  readonly relay: RelayClient
  readonly received: Decoded[] = []
  readonly #keys = new Map<string, Uint8Array>()
  readonly #waiters: { match: (message: Decoded) => boolean; resolve: (message: Decoded) => void }[] = []

  private constructor(relayUrl: string) {
    this.relay = new RelayClient({
      relayUrl,
      projectId: 'raw-peer',
      signingKeyPair: generateSigningKeyPair(),
    })
    this.relay.on('message', (message) => this.#onMessage(message))
  }

  static async open(relayUrl: string): Promise<RawPeer> {
    const peer = new RawPeer(relayUrl)
    await peer.relay.connect()
    return peer
  }

  /** Stores a topic key and returns the topic (sha256 of the key). */
  addSymKey(symKey: Uint8Array): string {
    const topic = topicFromSymKey(symKey)
    this.#keys.set(topic, symKey)
    return topic
  }

  /** Derives the session key from our key pair and the peer's public key, stores it, returns the topic. */
  addSharedKey(self: KeyPair, peerPublicKeyHex: string): string {
    return this.addSymKey(deriveSymKey(self.privateKey, hexToBytes(peerPublicKeyHex)))
  }

  seal(topic: string, payload: unknown): string {
    const symKey = this.#keys.get(topic)
    if (symKey === undefined) throw new Error(`no key for ${topic}`)
    return encodeEnvelope({ type: 0, message: JSON.stringify(payload), symKey })
  }

  async publish(topic: string, payload: unknown, tag = 0, ttl = 300): Promise<void> {
    await this.relay.publish({ topic, message: this.seal(topic, payload), ttl, tag })
  }

  /** Resolves with the next message (already received or still to come) that `match` accepts. */
  next(match: (message: Decoded) => boolean, timeoutMs = 10_000): Promise<Decoded> {
    const seen = this.received.find(match)
    if (seen) {
      this.received.splice(this.received.indexOf(seen), 1)
      return Promise.resolve(seen)
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('raw peer: no matching message')), timeoutMs)
      this.#waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer)
          resolve(message)
        },
      })
    })
  }

  close(): Promise<void> {
    return this.relay.close()
  }

  #onMessage(message: RelayMessage): void {
    const symKey = this.#keys.get(message.topic)
    if (symKey === undefined) return
    const { message: text } = decodeEnvelope({ encoded: message.message, symKey })
    const decoded: Decoded = { topic: message.topic, tag: message.tag, payload: JSON.parse(text) }
    const waiter = this.#waiters.find((candidate) => candidate.match(decoded))
    if (waiter) {
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1)
      waiter.resolve(decoded)
    } else {
      this.received.push(decoded)
    }
  }
}

export function newKeyPair(): KeyPair & { publicHex: string } {
  const pair = generateKeyPair()
  return { ...pair, publicHex: bytesToHex(pair.publicKey) }
}
