import { bytesToBase58btc, bytesToHex } from '../../../crypto/index.js'
import type { SIWXMessageData } from '../../../engine/index.js'

/** A small seeded PRNG (mulberry32): the same seed gives the same messages on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Generator = ReturnType<typeof createGenerator>

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
// statement = *( reserved / unreserved / " " ): every character the grammar allows.
const STATEMENT_CHARS = `${ALNUM}-._~:/?#[]@!$&'()*+,;=    `
const PCHARS = `${ALNUM}-._~!$&'()*+,;=:@`
// viem's domain pattern is letters, digits, + - . and a port: stay inside it so all three parsers can agree.
const DOMAINS = [
  'example.com',
  'app.example.org:8443',
  '127.0.0.1',
  '127.0.0.1:3000',
  'localhost',
  'localhost:5173',
]
const RESOURCES = [
  'ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu',
  'https://example.com/my-web2-claim.json',
  'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
  'https://[::1]:8080/a/b?c=d&e=%20#frag',
  'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
]

export function createGenerator(seed: number) {
  const random = seededRandom(seed)
  const int = (max: number): number => Math.floor(random() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  const chance = (p: number): boolean => random() < p
  const text = (chars: string, min: number, max: number): string =>
    Array.from({ length: min + int(max - min + 1) }, () => chars[int(chars.length)]).join('')
  const bytes = (length: number): Uint8Array => Uint8Array.from({ length }, () => int(256))
  const time = (): string => {
    const date = new Date(
      Date.UTC(2020 + int(10), int(12), 1 + int(28), int(24), int(60), int(60), int(1000)),
    )
    const iso = date.toISOString()
    if (chance(0.2)) return iso.replace(/\.\d{3}Z$/, 'Z')
    if (chance(0.2)) return iso.replace(/Z$/, pick(['+02:00', '-05:30', '+00:00']))
    return iso
  }
  const statement = (): string => {
    // Trimmed and never blank: viem's lenient regex reads a leading or lone space differently.
    const value = text(STATEMENT_CHARS, 1, 80).trim()
    return value === '' ? 'Sign in' : value
  }

  const common = (domain: string) => ({
    domain,
    uri: pick([`https://${domain}/`, `https://${domain}/login?next=%2Fhome#top`, `http://${domain}`]),
    version: '1',
    nonce: text(ALNUM, 8, 32),
    ...(chance(0.6) ? { statement: statement() } : {}),
    ...(chance(0.4) ? { expirationTime: time() } : {}),
    ...(chance(0.3) ? { notBefore: time() } : {}),
    ...(chance(0.3) ? { requestId: text(PCHARS, 1, 24) } : {}),
    ...(chance(0.4) ? { resources: Array.from({ length: 1 + int(3) }, () => pick(RESOURCES)) } : {}),
  })

  return {
    eip155(): SIWXMessageData {
      const address = `0x${bytesToHex(bytes(20))}`
      return {
        ...common(pick(DOMAINS)),
        accountAddress: chance(0.5) ? address : address.toUpperCase().replace('0X', '0x'),
        chainId: `eip155:${pick([1, 10, 137, 8453, 31337, 11155111, int(2 ** 31)])}`,
        issuedAt: time(),
      }
    },
    solana(): SIWXMessageData {
      return {
        ...common(pick(DOMAINS)),
        accountAddress: bytesToBase58btc(bytes(32)),
        chainId: pick([
          'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
          'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
          'solana:localnet00000000000000000000000',
        ]),
        ...(chance(0.5) ? { issuedAt: time() } : {}),
      }
    },
    bip122(): SIWXMessageData {
      return {
        ...common(pick(DOMAINS)),
        accountAddress: pick([
          'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
          '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
          '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
          'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
          'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
        ]),
        chainId: pick([
          'bip122:000000000019d6689c085ae165831e93',
          'bip122:000000000933ea01ad0ee984209779ba',
          'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        ]),
        issuedAt: time(),
      }
    },
  }
}
