import { MAX_DELIVERY_RECORDS_PER_MESSAGE } from './limits.js'
import { mailboxBytes, type StoredMessage, textBytes } from './message.js'
import type { MailboxCaps, MailboxStore, PutOutcome } from './store.js'

// Most messages reach one client or none: a lone recipient is kept as its id, a set only from the second.
type Entry = { message: StoredMessage; deliveredTo: string | Set<string> | undefined }

// `live` counts the entries not yet known to be expired: what the per-topic cap is checked against.
type Mailbox = { entries: Entry[]; live: number }

function hasRecipient(entry: Entry, clientId: string): boolean {
  const { deliveredTo } = entry
  return typeof deliveredTo === 'string' ? deliveredTo === clientId : (deliveredTo?.has(clientId) ?? false)
}

function isLive(entry: Entry | undefined, now: number): boolean {
  return entry !== undefined && entry.message.expiresAt > now
}

/**
 * The first `count` unexpired entries of `mailbox` that some client acknowledged, oldest first, or
 * undefined when it has fewer. Only a client other than the publisher is ever recorded: it is never
 * pushed or handed its own messages.
 */
function oldestDelivered(mailbox: Mailbox, count: number, now: number): Entry[] | undefined {
  const found: Entry[] = []
  for (const entry of mailbox.entries) {
    if (entry.deliveredTo === undefined || !isLive(entry, now)) continue
    found.push(entry)
    if (found.length === count) return found
  }
  return undefined
}

function totalBytes(entries: Entry[]): number {
  let bytes = 0
  for (const { message } of entries) bytes += mailboxBytes(message)
  return bytes
}

/** Mailboxes in process memory: fast, and gone with the process. */
export class MemoryMailboxStore implements MailboxStore {
  private readonly entries = new Map<string, Entry>()
  // Entries per topic in the order they were stored, so reads come out oldest first.
  private readonly topics = new Map<string, Mailbox>()
  // Entries by expiry, soonest first, so caps stop counting a message the moment it expires without a
  // scan; `expired` holds the ones found so, until the sweep drops them.
  private readonly byExpiry = new ExpiryHeap()
  private expired: Entry[] = []
  private liveBytes = 0
  // Evicted entries the heap still holds; it is rebuilt without them before they outnumber the rest, so
  // that a topic evicting at the rate it is published to holds no more than its cap until they expire.
  private evictedInHeap = 0

  put(message: StoredMessage, caps: MailboxCaps, addressFull = false): PutOutcome {
    this.expireUpTo(message.publishedAt)
    // A copy past its expiry, not swept yet, is no copy: the envelope published again is stored anew.
    if (isLive(this.entries.get(message.id), message.publishedAt)) return 'duplicate'
    if (addressFull) return 'addressFull'
    const mailbox = this.topics.get(message.topic)
    let evicted: Entry[] | undefined
    if (mailbox && mailbox.live >= caps.maxMessagesPerTopic) {
      const over = mailbox.live - caps.maxMessagesPerTopic + 1
      evicted = oldestDelivered(mailbox, over, message.publishedAt)
      if (!evicted) return 'topicFull'
    }
    const freed = evicted ? totalBytes(evicted) : 0
    if (this.liveBytes - freed + mailboxBytes(message) > caps.maxTotalBytes) return 'storeFull'
    if (mailbox && evicted) this.evict(mailbox, evicted, freed)
    const entry: Entry = { message, deliveredTo: undefined }
    this.entries.set(message.id, entry)
    if (mailbox) {
      mailbox.entries.push(entry)
      mailbox.live++
    } else this.topics.set(message.topic, { entries: [entry], live: 1 })
    this.byExpiry.push(entry)
    this.liveBytes += mailboxBytes(message)
    return 'stored'
  }

  async undelivered(topic: string, clientId: string, now: number, limit: number, maxBytes: number) {
    const found: StoredMessage[] = []
    let bytes = 0
    for (const entry of this.topics.get(topic)?.entries ?? []) {
      if (found.length >= limit || (found.length > 0 && bytes > maxBytes)) break
      const { message } = entry
      if (message.expiresAt <= now) continue
      if (message.publisherId === clientId || hasRecipient(entry, clientId)) continue
      found.push(message)
      bytes += textBytes(message)
    }
    return found
  }

  markDelivered(id: string, clientId: string): boolean {
    const entry = this.entries.get(id)
    if (!entry || hasRecipient(entry, clientId)) return false
    const { deliveredTo } = entry
    if (deliveredTo === undefined) entry.deliveredTo = clientId
    else if (typeof deliveredTo === 'string') entry.deliveredTo = new Set([deliveredTo, clientId])
    else {
      // The oldest record gives way (limits MAX_DELIVERY_RECORDS_PER_MESSAGE).
      if (deliveredTo.size >= MAX_DELIVERY_RECORDS_PER_MESSAGE)
        deliveredTo.delete(deliveredTo.values().next().value as string)
      deliveredTo.add(clientId)
    }
    return true
  }

  async purgeExpired(now: number): Promise<number> {
    this.expireUpTo(now)
    const dropped = this.expired.filter(({ message }) => message.expiresAt <= now)
    if (dropped.length === 0) return 0
    // A put stamped later than `now` may have found entries expired that are not expired yet at `now`.
    this.expired = this.expired.filter(({ message }) => message.expiresAt > now)
    const touched = new Set<string>()
    for (const entry of dropped) {
      const { id, topic } = entry.message
      // The id may name a copy published again since, which stays.
      if (this.entries.get(id) === entry) this.entries.delete(id)
      touched.add(topic)
    }
    for (const topic of touched) {
      const mailbox = this.topics.get(topic)
      if (!mailbox) continue
      mailbox.entries = mailbox.entries.filter((entry) => this.entries.get(entry.message.id) === entry)
      if (mailbox.entries.length === 0) this.topics.delete(topic)
    }
    return dropped.length
  }

  async size(): Promise<number> {
    return this.entries.size
  }

  async close(): Promise<void> {
    this.entries.clear()
    this.topics.clear()
    this.byExpiry.clear()
    this.expired = []
    this.liveBytes = 0
    this.evictedInHeap = 0
  }

  private evict(mailbox: Mailbox, evicted: Entry[], bytes: number): void {
    const gone = new Set(evicted)
    for (const entry of evicted) this.entries.delete(entry.message.id)
    mailbox.entries = mailbox.entries.filter((entry) => !gone.has(entry))
    mailbox.live -= evicted.length
    this.liveBytes -= bytes
    this.evictedInHeap += evicted.length
    if (this.evictedInHeap > this.entries.size) {
      this.byExpiry.keepOnly((entry) => this.entries.get(entry.message.id) === entry)
      this.evictedInHeap = 0
    }
  }

  private expireUpTo(now: number): void {
    for (let entry = this.byExpiry.popExpired(now); entry; entry = this.byExpiry.popExpired(now)) {
      // An evicted entry left the count and the bytes when it was evicted.
      if (this.entries.get(entry.message.id) !== entry) {
        this.evictedInHeap--
        continue
      }
      this.expired.push(entry)
      this.liveBytes -= mailboxBytes(entry.message)
      const mailbox = this.topics.get(entry.message.topic)
      if (mailbox) mailbox.live--
    }
  }
}

/** A binary min-heap of entries by `expiresAt`. */
class ExpiryHeap {
  private items: Entry[] = []

  push(entry: Entry): void {
    const items = this.items
    items.push(entry)
    let index = items.length - 1
    while (index > 0) {
      const parent = (index - 1) >> 1
      if (expiry(items[parent]) <= expiry(entry)) break
      items[index] = items[parent] as Entry
      index = parent
    }
    items[index] = entry
  }

  /** Drops every entry `keep` refuses. */
  keepOnly(keep: (entry: Entry) => boolean): void {
    const kept = this.items.filter(keep)
    this.items = []
    for (const entry of kept) this.push(entry)
  }

  /** Removes and returns the soonest-expiring entry when it has expired at `now`. */
  popExpired(now: number): Entry | undefined {
    const items = this.items
    const top = items[0]
    if (!top || expiry(top) > now) return undefined
    const last = items.pop() as Entry
    if (items.length === 0) return top
    let index = 0
    for (;;) {
      const left = 2 * index + 1
      if (left >= items.length) break
      const right = left + 1
      const child = right < items.length && expiry(items[right]) < expiry(items[left]) ? right : left
      if (expiry(items[child]) >= expiry(last)) break
      items[index] = items[child] as Entry
      index = child
    }
    items[index] = last
    return top
  }

  clear(): void {
    this.items = []
  }
}

function expiry(entry: Entry | undefined): number {
  return entry?.message.expiresAt ?? Number.POSITIVE_INFINITY
}
