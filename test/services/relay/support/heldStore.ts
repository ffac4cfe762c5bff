import { type MailboxStore, MemoryMailboxStore } from '../../../../relay/core/index.js'

/**
 * A store in memory whose every put waits until `released` resolves: a publish stays "being stored",
 * with the frames after it queued behind, as on a store slow to commit.
 */
export function heldStore(released: Promise<void>): MailboxStore {
  const store = new MemoryMailboxStore()
  return {
    put: async (message, caps, addressFull) => {
      await released
      return store.put(message, caps, addressFull)
    },
    undelivered: (...read) => store.undelivered(...read),
    markDelivered: (id, clientId) => store.markDelivered(id, clientId),
    purgeExpired: (now) => store.purgeExpired(now),
    size: () => store.size(),
    close: () => store.close(),
  }
}
