import type { StoredMessage } from './message.js'
import type { MailboxStore } from './store.js'

type Entry = { message: StoredMessage; deliveredTo: Set<string> }

/** Mailboxes in process memory: fast, and gone with the process. */
export class MemoryMailboxStore implements MailboxStore {
  private readonly entries = new Map<string, Entry>()
  // Insertion-ordered ids per topic, so reads come out oldest first.
  private readonly topics = new Map<string, Set<string>>()

  async put(message: StoredMessage): Promise<boolean> {
    if (this.entries.has(message.id)) return false
    this.entries.set(message.id, { message, deliveredTo: new Set() })
    const ids = this.topics.get(message.topic) ?? new Set<string>()
    ids.add(message.id)
    this.topics.set(message.topic, ids)
    return true
  }

  async undelivered(topic: string, clientId: string, now: number, limit: number): Promise<StoredMessage[]> {
    const found: StoredMessage[] = []
    for (const id of this.topics.get(topic) ?? []) {
      if (found.length >= limit) break
      const entry = this.entries.get(id)
      if (!entry || entry.message.expiresAt <= now) continue
      if (entry.message.publisherId === clientId || entry.deliveredTo.has(clientId)) continue
      found.push(entry.message)
    }
    return found
  }

  async markDelivered(id: string, clientId: string): Promise<boolean> {
    const entry = this.entries.get(id)
    if (!entry || entry.deliveredTo.has(clientId)) return false
    entry.deliveredTo.add(clientId)
    return true
  }

  async purgeExpired(now: number): Promise<number> {
    let dropped = 0
    for (const [id, { message }] of this.entries) {
      if (message.expiresAt > now) continue
      this.entries.delete(id)
      const ids = this.topics.get(message.topic)
      ids?.delete(id)
      if (ids?.size === 0) this.topics.delete(message.topic)
      dropped++
    }
    return dropped
  }

  async size(): Promise<number> {
    return this.entries.size
  }

  async close(): Promise<void> {
    this.entries.clear()
    this.topics.clear()
  }
}
