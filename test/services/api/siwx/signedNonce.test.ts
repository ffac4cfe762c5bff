import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openNonce, signNonce } from '../../../../services/api/siwx/signedNonce.js'

const secret = randomBytes(32)
const now = Date.UTC(2026, 0, 10, 12)
const expiresAt = now + 5 * 60_000

describe('signed sign-in nonces', () => {
  it('are 8 to 128 alphanumerics (EIP-4361, the modal) and never repeat', () => {
    const nonces = Array.from({ length: 1000 }, () => signNonce(secret, 'demo', expiresAt))
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9A-Za-z]{8,128}$/)
    expect(new Set(nonces).size).toBe(nonces.length)
  })

  it('open to their expiry for their project until then', () => {
    const nonce = signNonce(secret, 'demo', expiresAt)
    expect(openNonce(secret, nonce, 'demo', now)).toBe(expiresAt)
    expect(openNonce(secret, nonce, 'demo', expiresAt - 1)).toBe(expiresAt)
    expect(openNonce(secret, nonce, 'demo', expiresAt)).toBeUndefined()
  })

  it('do not open for another project, nor under another secret', () => {
    const nonce = signNonce(secret, 'demo', expiresAt)
    expect(openNonce(secret, nonce, 'demo2', now)).toBeUndefined()
    expect(openNonce(secret, nonce, 'dem', now)).toBeUndefined()
    expect(openNonce(randomBytes(32), nonce, 'demo', now)).toBeUndefined()
  })

  it('do not open once any character is changed: the random part, the expiry or the MAC', () => {
    const nonce = signNonce(secret, 'demo', expiresAt)
    for (let index = 0; index < nonce.length; index++) {
      const changed = `${nonce.slice(0, index)}${nonce[index] === 'f' ? 'e' : 'f'}${nonce.slice(index + 1)}`
      expect({ index, opened: openNonce(secret, changed, 'demo', now) }).toEqual({ index, opened: undefined })
    }
  })

  it('do not open in another spelling or length', () => {
    const nonce = signNonce(secret, 'demo', expiresAt)
    for (const other of [
      nonce.toUpperCase(),
      nonce.slice(0, -1),
      `${nonce}0`,
      '',
      'abcdefgh12345678abcdefgh',
    ])
      expect(openNonce(secret, other, 'demo', now)).toBeUndefined()
  })
})
