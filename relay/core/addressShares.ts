/** Bytes (`mailboxBytes`) one address has in the mailboxes, stored or being stored. */
export type Share = { readonly address: string; bytes: number; holders: number }

/**
 * Bytes (envelope, attestation and the fixed cost of holding the message: `mailboxBytes`) each remote
 * address has in the mailboxes until each message expires, so that one address cannot fill the store
 * every client shares (`maxMailboxBytesPerIp`). Counted by the process that took the publish: a relay
 * over Redis counts an address's share per node, and a store that outlives the process (SQLite) is
 * counted afresh from its start, the store-wide cap still above it all.
 *
 * A connection holds its address's share, so a publish reaches it with no lookup.
 */
export class AddressShares {
  private readonly shares = new Map<string, Share>()
  private readonly expiries = new ExpiryQueue()

  constructor(private readonly maxBytes: number) {}

  hold(address: string): Share {
    let share = this.shares.get(address)
    if (!share) {
      share = { address, bytes: 0, holders: 0 }
      this.shares.set(address, share)
    }
    share.holders++
    return share
  }

  /**
   * Holds `share` once more for a store under way, so that it is not forgotten before the store ends: the
   * connection that holds it may close meanwhile. One forgotten already (its connection closed before the
   * store began) gives way to the address's share, so bytes are never counted where no later connection of
   * the address would meet them. Released as `hold`'s.
   */
  holdAgain(share: Share): Share {
    if (share.holders === 0) return this.hold(share.address)
    share.holders++
    return share
  }

  release(share: Share): void {
    share.holders--
    this.forgetIfEmpty(share)
  }

  /**
   * Counts `bytes` more against `share` and tells whether it is still within the cap at `now`; either way
   * the caller settles them with `keep` or `giveBack`, so several stores in flight count each other.
   */
  reserve(share: Share, bytes: number, now: number): boolean {
    this.expireUpTo(now)
    share.bytes += bytes
    return share.bytes <= this.maxBytes
  }

  /** Reserved bytes now stored: they count until `expiresAt`. */
  keep(share: Share, bytes: number, expiresAt: number): void {
    this.expiries.push(expiresAt, bytes, share)
  }

  /** Reserved bytes that were not stored after all. */
  giveBack(share: Share, bytes: number): void {
    share.bytes -= bytes
    this.forgetIfEmpty(share)
  }

  expireUpTo(now: number): void {
    const { expiries } = this
    while (expiries.soonest <= now) {
      const share = expiries.ownerOfSoonest
      share.bytes -= expiries.bytesOfSoonest
      expiries.pop()
      this.forgetIfEmpty(share)
    }
  }

  clear(): void {
    this.shares.clear()
    this.expiries.clear()
  }

  private forgetIfEmpty(share: Share): void {
    if (share.bytes === 0 && share.holders === 0) this.shares.delete(share.address)
  }
}

/**
 * A binary min-heap of (expiry, bytes, share) in three parallel arrays: a stored message adds numbers to
 * arrays rather than an object the collector must carry until it expires.
 */
class ExpiryQueue {
  private at: number[] = []
  private sizes: number[] = []
  private owners: Share[] = []

  /** The soonest expiry, or +∞ when empty. */
  get soonest(): number {
    return this.at.length === 0 ? Number.POSITIVE_INFINITY : (this.at[0] as number)
  }

  get bytesOfSoonest(): number {
    return this.sizes[0] as number
  }

  get ownerOfSoonest(): Share {
    return this.owners[0] as Share
  }

  push(expiresAt: number, bytes: number, owner: Share): void {
    const { at, sizes, owners } = this
    let index = at.length
    at.push(expiresAt)
    sizes.push(bytes)
    owners.push(owner)
    while (index > 0) {
      const parent = (index - 1) >> 1
      if ((at[parent] as number) <= expiresAt) break
      this.move(parent, index)
      index = parent
    }
    this.place(index, expiresAt, bytes, owner)
  }

  /** Removes the soonest entry; the queue must not be empty. */
  pop(): void {
    const { at, sizes, owners } = this
    const lastAt = at.pop() as number
    const lastSize = sizes.pop() as number
    const lastOwner = owners.pop() as Share
    const length = at.length
    if (length === 0) return
    let index = 0
    for (;;) {
      const left = 2 * index + 1
      if (left >= length) break
      const right = left + 1
      const child = right < length && (at[right] as number) < (at[left] as number) ? right : left
      if ((at[child] as number) >= lastAt) break
      this.move(child, index)
      index = child
    }
    this.place(index, lastAt, lastSize, lastOwner)
  }

  clear(): void {
    this.at = []
    this.sizes = []
    this.owners = []
  }

  private move(from: number, to: number): void {
    this.at[to] = this.at[from] as number
    this.sizes[to] = this.sizes[from] as number
    this.owners[to] = this.owners[from] as Share
  }

  private place(index: number, expiresAt: number, bytes: number, owner: Share): void {
    this.at[index] = expiresAt
    this.sizes[index] = bytes
    this.owners[index] = owner
  }
}
