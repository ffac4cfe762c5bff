import type { StoredMessage } from './message.js'
import type { MailboxStore } from './store.js'

// Most messages reach one client or none, so the set of recipients is made on the first delivery.
type Entry = { message: StoredMessage; deliveredTo: Set<string> | undefined }

/** Mailboxes in process memory: fast, and gone with the process. */
export class MemoryMailboxStore implements MailboxStore {
  private readonly entries = new Map<string, Entry>()
  // Entries per topic in the order they were stored, so reads come out oldest first.
  private readonly topics = new Map<string, Entry[]>()

  async put(message: StoredMessage): Promise<boolean> {
    if (this.entries.has(message.id)) return false
    const entry: Entry = { message, deliveredTo: undefined }
    this.entries.set(message.id, entry)
    const mailbox = this.topics.get(message.topic)
    if (mailbox) mailbox.push(entry)
    else this.topics.set(message.topic, [entry])
    return true
  }

  async undelivered(topic: string, clientId: string, now: number, limit: number): Promise<StoredMessage[]> {
    const found: StoredMessage[] = []
    for (const { message, deliveredTo } of this.topics.get(topic) ?? []) {
      if (found.length >= limit) break
      if (message.expiresAt <= now) continue
      if (message.publisherId === clientId || deliveredTo?.has(clientId)) continue
      found.push(message)
    }
    return found
  }

  async markDelivered(id: string, clientId: string): Promise<boolean> {
    const entry = this.entries.get(id)
    if (!entry || entry.deliveredTo?.has(clientId)) return false
    entry.deliveredTo ??= new Set()
    entry.deliveredTo.add(clientId)
    return true
  }

  async purgeExpired(now: number): Promise<number> {
    let dropped = 0
    for (const [topic, mailbox] of this.topics) {
      const kept = mailbox.filter(({ message }) => message.expiresAt > now)
      if (kept.length === mailbox.length) continue
      for (const { message } of mailbox) if (message.expiresAt <= now) this.entries.delete(message.id)
      dropped += mailbox.length - kept.length
      if (kept.length === 0) this.topics.delete(topic)
      else this.topics.set(topic, kept)
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
