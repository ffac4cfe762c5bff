import { ed25519 } from '@noble/curves/ed25519.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base58, hex } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { createSiwxVerifier } from '../../../../services/api/siwx/verify/index.js'

const localnet = 'solana:localnet'
const message = 'localhost wants you to sign in with your Solana account:\nNonce: 3xAmPl3nonce ✓'

const verifier = createSiwxVerifier({ rpcUrl: () => undefined })
const verify = (address: string, signature: string, text = message, chainId = localnet) =>
  verifier.verify({ chainId, address, message: text, signature })

function keyPair() {
  const secretKey = ed25519.utils.randomSecretKey()
  const address = base58.encode(ed25519.getPublicKey(secretKey))
  const sign = (text = message) => base58.encode(ed25519.sign(utf8ToBytes(text), secretKey))
  return { address, sign }
}

describe('solana sign-in signatures', () => {
  it("accepts the key's ed25519 signature of the message's UTF-8 bytes, base58 encoded", async () => {
    const { address, sign } = keyPair()
    expect(await verify(address, sign())).toBe(true)
    expect(await verify(address, sign(), message, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
  })

  it("refuses a tampered message, another key's signature and a signature with one bit flipped", async () => {
    const { address, sign } = keyPair()
    const stranger = keyPair()
    expect(await verify(address, sign(), `${message}.`)).toBe(false)
    expect(await verify(address, stranger.sign())).toBe(false)
    const flipped = base58.decode(sign())
    flipped[10] = (flipped[10] ?? 0) ^ 1
    expect(await verify(address, base58.encode(flipped))).toBe(false)
  })

  it('refuses a small-order key, such as the System Program address 111…1, whose all-zero signature fits every message', async () => {
    const systemProgram = '1'.repeat(32)
    const identityPoint = base58.encode(Uint8Array.of(1, ...new Uint8Array(31)))
    const allZero = base58.encode(new Uint8Array(64))
    expect(await verify(systemProgram, allZero)).toBe(false)
    expect(await verify(systemProgram, allZero, 'any other message')).toBe(false)
    expect(await verify(identityPoint, allZero)).toBe(false)
  })

  it('never throws and answers false for wrong lengths, other encodings and garbage', async () => {
    const { address, sign } = keyPair()
    const signature = sign()
    const signatureBytes = base58.decode(signature)
    const garbage: [string, string][] = [
      [address, ''],
      [address, base58.encode(signatureBytes.subarray(0, 63))],
      [address, base58.encode(Uint8Array.of(...signatureBytes, 0))],
      [address, hex.encode(signatureBytes)],
      [address, `${signature.slice(0, -1)}0`],
      [address, 'IlO0'],
      [base58.encode(base58.decode(address).subarray(0, 31)), signature],
      [base58.encode(new Uint8Array(32)), signature],
      ['', signature],
      ['not base58 0OIl', signature],
    ]
    for (const [account, candidate] of garbage) {
      expect(await verify(account, candidate), `${account} ${candidate}`).toBe(false)
    }
  })
})
