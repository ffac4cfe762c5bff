/**
 * Amounts each client (its `clientKey`: IP, IPv6 by its /64, whatever project it names) holds of something in
 * this process. A client's entry goes when its count is back at zero, so the map holds only the clients
 * holding some.
 */
export class CountsPerClient {
  protected readonly counts = new Map<string, number>()

  /** Gives back `amount` of `client`'s once what it counted is no longer held. */
  release(client: string, amount: number): void {
    const held = (this.counts.get(client) ?? 0) - amount
    if (held > 0) this.counts.set(client, held)
    else this.counts.delete(client)
  }
}
