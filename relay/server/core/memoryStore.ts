import type { StoredMessage } from './message.js'
import type { MailboxStore } from './store.js'

// Most messages reach one client or none: a lone recipient is kept as its id, a set only from the second.
type Entry = { message: StoredMessage; deliveredTo: string | Set<string> | undefined }

function hasRecipient(entry: Entry, clientId: string): boolean {
  const { deliveredTo } = entry
  return typeof deliveredTo === 'string' ? deliveredTo === clientId : (deliveredTo?.has(clientId) ?? false)
}

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
    for (const entry of this.topics.get(topic) ?? []) {
      if (found.length >= limit) break
      const { message } = entry
      if (message.expiresAt <= now) continue
      if (message.publisherId === clientId || hasRecipient(entry, clientId)) continue
      found.push(message)
    }
    return found
  }

  async markDelivered(id: string, clientId: string): Promise<boolean> {
    const entry = this.entries.get(id)
    if (!entry || hasRecipient(entry, clientId)) return false
    const { deliveredTo } = entry
    if (deliveredTo === undefined) entry.deliveredTo = clientId
    else if (typeof deliveredTo === 'string') entry.deliveredTo = new Set([deliveredTo, clientId])
    else deliveredTo.add(clientId)
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
