import type { StoredMessage } from './message.js'

/**
 * How a node learns about messages stored by other nodes. A node watches exactly the topics it has
 * local subscribers for; announcing reaches every other node watching the topic.
 *
 * A message comes `repeated` when the store had it already: it was published again, after a first publish
 * that may have stored it and failed before handing it on. Some subscribers may have had it, so each node
 * hands it only to those whose mailbox still holds it for them; a message stored anew goes to all at once.
 */
export interface RelayFanout {
  /** Resolves once announcements for `topic` will reach `receive`. */
  watch(topic: string): Promise<void>
  unwatch(topic: string): Promise<void>
  /**
   * Undefined when there is nobody to tell: a publish then waits on no promise of it. The message is stored
   * and acked before, so a fanout whose announce rejects owes the other nodes a re-read of the topic's
   * mailboxes (their `missed`) once it can reach them.
   */
  announce(message: StoredMessage, repeated: boolean): Promise<void> | undefined
  /**
   * Called once by the core with where announcements from other nodes go, and `missed`: the fanout calls it
   * with the topics whose announcements may have been lost (its link to the other nodes broke and is back),
   * so their subscribers here read their mailboxes again.
   */
  attach(
    receive: (message: StoredMessage, repeated: boolean) => void,
    missed: (topics: readonly string[]) => void,
  ): void
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
