import type { StoredMessage } from './message.js'

/**
 * How a node learns about messages stored by other nodes. A node watches exactly the topics it has
 * local subscribers for; announcing reaches every other node watching the topic.
 */
export interface RelayFanout {
  /** Resolves once announcements for `topic` will reach `receive`. */
  watch(topic: string): Promise<void>
  unwatch(topic: string): Promise<void>
  /** Undefined when there is nobody to tell: a publish then waits on no promise of it. */
  announce(message: StoredMessage): Promise<void> | undefined
  /** Called once by the core with where announcements from other nodes go. */
  attach(receive: (message: StoredMessage) => void): void
  close(): Promise<void>
}

/** A relay that is the only node: nobody else to tell, nobody to hear from. */
export class SingleNodeFanout implements RelayFanout {
  async watch(): Promise<void> {}
  async unwatch(): Promise<void> {}
  announce(): undefined {
    return undefined
  }
  attach(): void {}
  async close(): Promise<void> {}
}
