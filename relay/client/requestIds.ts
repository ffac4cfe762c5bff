/**
 * Request ids as the official clients make them: a string of ~19 digits, milliseconds × 10⁶ plus a
 * counter. Strings, because relays that parse them as doubles would otherwise lose the last digits.
 */
export function createRequestIds(now: () => number = Date.now): () => string {
  let next = BigInt(now()) * 1_000_000n + BigInt(Math.floor(Math.random() * 1000)) * 1000n
  return () => {
    const id = next.toString()
    next += 1n
    return id
  }
}
