import { ristretto255_oprf } from '@noble/curves/ed25519.js'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { base64urlToBytes, bytesToBase64url } from '../../../../crypto/encoding.js'
import {
  createWallet,
  InvalidRecoveryBlobError,
  InvalidRecoveryKitError,
  lockShare,
  MIN_RECOVERY_ITERATIONS,
  type OprfEvaluate,
  parseRecoveryKit,
  passphraseProblem,
  RECOVERY_KIT_WORDS,
  type RecoveryBlob,
  rebuildAccount,
  recoveryBlobSchema,
  recoveryKeyToLock,
  recoveryKeyToOpen,
  recoveryKit,
  unlockShare,
  WeakPassphraseError,
  WrongPassphraseError,
} from '../../../../services/frame/custody/index.js'

const passphrase = 'correct horse battery staple'
const walletId = '6f1c2a1e-8c0e-4d3a-9b7e-2f4c5d6e7f80'
const binding = { walletId, version: 1 }
const { oprf } = ristretto255_oprf

/** A stand-in of the auth service's evaluation: one OPRF key, the stored blob's KDF parameters once set. */
function oprfServer(blob?: () => RecoveryBlob | undefined) {
  const { secretKey } = oprf.generateKeyPair()
  const calls: string[] = []
  const evaluate: OprfEvaluate = async (blinded) => {
    calls.push(blinded)
    const stored = blob?.()
    return {
      evaluated: bytesToBase64url(oprf.blindEvaluate(secretKey, base64urlToBytes(blinded))),
      kdf: stored ? { iterations: stored.iterations, salt: stored.salt } : null,
    }
  }
  return { evaluate, calls }
}

describe('custody recovery share under a passphrase and the server OPRF', () => {
  let share: Uint8Array
  let blob: RecoveryBlob
  let proof: string
  let server: ReturnType<typeof oprfServer>

  beforeAll(async () => {
    share = (await createWallet()).shares.recovery
    server = oprfServer(() => blob)
    // The real cost: about 0.1 s in Node's WebCrypto, so every key in this file is a 600k one.
    const key = await recoveryKeyToLock(passphrase, server.evaluate)
    proof = key.proof
    blob = await lockShare(share, key, binding)
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('locks into the contract shape at 600000 iterations and unlocks with the passphrase through the same server', async () => {
    expect(blob).toEqual({
      v: 2,
      oprf: 'ristretto255-SHA512',
      kdf: 'PBKDF2-SHA256',
      iterations: 600_000,
      salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      iv: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      ciphertext: expect.stringMatching(/^[A-Za-z0-9_-]{44}$/),
    })
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(recoveryBlobSchema.parse(JSON.parse(JSON.stringify(blob)))).toEqual(blob)
    const key = await recoveryKeyToOpen(passphrase, server.evaluate)
    expect(key.proof).toBe(proof)
    expect(await unlockShare(blob, key, binding)).toEqual(share)
  })

  it('sends the server only a blinded element, a different one each time, never the passphrase', async () => {
    const before = server.calls.length
    await recoveryKeyToOpen(passphrase, server.evaluate)
    await recoveryKeyToOpen(passphrase, server.evaluate)
    const [first, second] = server.calls.slice(before)
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first).not.toBe(second)
    for (const sent of server.calls) expect(Buffer.from(sent, 'base64url').toString()).not.toContain('horse')
  })

  it('opens with the same passphrase typed in another Unicode form (NFKC)', async () => {
    let composed: RecoveryBlob | undefined
    const other = oprfServer(() => composed)
    composed = await lockShare(
      share,
      await recoveryKeyToLock('crème brûlée à la carte', other.evaluate),
      binding,
    )
    const decomposed = 'crème brûlée à la carte'.normalize('NFD')
    expect(await unlockShare(composed, await recoveryKeyToOpen(decomposed, other.evaluate), binding)).toEqual(
      share,
    )
  })

  it('a wrong passphrase derives another proof and a key the blob does not open under', async () => {
    const wrong = await recoveryKeyToOpen('correct horse battery stapler', server.evaluate)
    expect(wrong.proof).not.toBe(proof)
    await expect(unlockShare(blob, wrong, binding)).rejects.toThrow(WrongPassphraseError)
  })

  it('the right passphrase through another OPRF key than the server’s derives nothing that opens the blob', async () => {
    const impostor = oprfServer(() => blob)
    const key = await recoveryKeyToOpen(passphrase, impostor.evaluate)
    expect(key.proof).not.toBe(proof)
    await expect(unlockShare(blob, key, binding)).rejects.toThrow(WrongPassphraseError)
  })

  it('binds the blob to its wallet id and share version (AAD)', async () => {
    const key = await recoveryKeyToOpen(passphrase, server.evaluate)
    const otherWallet = { walletId: '00000000-0000-4000-8000-000000000000', version: 1 }
    await expect(unlockShare(blob, key, otherWallet)).rejects.toThrow(WrongPassphraseError)
    await expect(unlockShare(blob, key, { walletId, version: 2 })).rejects.toThrow(WrongPassphraseError)
  })

  it('refuses a weak passphrase before the server is asked, and fewer iterations than the floor', async () => {
    expect(passphraseProblem('fourteen chars')).toBe('TOO_SHORT')
    expect(passphraseProblem('abababababababab')).toBe('TOO_REPETITIVE')
    expect(passphraseProblem('abcabcabcabcabcabc')).toBe('TOO_REPETITIVE')
    expect(passphraseProblem(passphrase)).toBeUndefined()
    const asked = server.calls.length
    await expect(recoveryKeyToLock('abcdefghijklmn', server.evaluate)).rejects.toMatchObject({
      code: 'WEAK_PASSPHRASE',
      problem: 'TOO_SHORT',
    })
    await expect(recoveryKeyToLock('aaaaaaaaaaaaaaaa', server.evaluate)).rejects.toThrow(WeakPassphraseError)
    expect(server.calls.length).toBe(asked)
    await expect(
      recoveryKeyToLock(passphrase, server.evaluate, { iterations: MIN_RECOVERY_ITERATIONS - 1 }),
    ).rejects.toThrow(InvalidRecoveryBlobError)
  })

  it('refuses KDF parameters from the server below the floor before running the KDF', async () => {
    const weak: OprfEvaluate = async (blinded) => ({
      ...(await server.evaluate(blinded)),
      kdf: { iterations: 1000, salt: blob.salt },
    })
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits')
    await expect(recoveryKeyToOpen(passphrase, weak)).rejects.toThrow(InvalidRecoveryBlobError)
    expect(deriveBits).not.toHaveBeenCalled()
  })

  it('refuses an evaluation that is not a group element, and a wallet with no recovery set', async () => {
    const garbage: OprfEvaluate = async () => ({
      evaluated: bytesToBase64url(new Uint8Array(32)),
      kdf: { iterations: blob.iterations, salt: blob.salt },
    })
    await expect(recoveryKeyToOpen(passphrase, garbage)).rejects.toThrow(InvalidRecoveryBlobError)
    await expect(recoveryKeyToOpen(passphrase, oprfServer().evaluate)).rejects.toThrow(
      InvalidRecoveryBlobError,
    )
  })

  it('refuses unknown fields, another version or KDF, absurd iterations and wrong byte lengths', async () => {
    const key = await recoveryKeyToOpen(passphrase, server.evaluate)
    const variants: unknown[] = [
      { ...blob, note: 'x' },
      { ...blob, kdf: 'scrypt' },
      { ...blob, oprf: 'P256-SHA256' },
      { ...blob, v: 1 },
      { ...blob, iterations: 1e9 },
      { ...blob, iterations: 600_000.5 },
      { ...blob, salt: blob.salt.slice(0, 20) },
      { ...blob, iv: `${blob.iv}A` },
      { ...blob, ciphertext: blob.ciphertext.replace(/.$/, '=') },
      null,
      'blob',
    ]
    for (const variant of variants) {
      await expect(unlockShare(variant, key, binding)).rejects.toThrow(InvalidRecoveryBlobError)
    }
  })

  it('recovers the wallet on a new device: unlocked recovery share + auth share', async () => {
    const wallet = await createWallet()
    let stored: RecoveryBlob | undefined
    const own = oprfServer(() => stored)
    const walletBinding = { walletId: wallet.walletId, version: 1 }
    stored = await lockShare(
      wallet.shares.recovery,
      await recoveryKeyToLock(passphrase, own.evaluate),
      walletBinding,
    )
    const recovery = await unlockShare(
      stored,
      await recoveryKeyToOpen(passphrase, own.evaluate),
      walletBinding,
    )
    const account = await rebuildAccount({ shares: [recovery, wallet.shares.auth], address: wallet.address })
    expect(account.address).toBe(wallet.address)
  })
})

describe('custody offline recovery kit', () => {
  it('writes a share as 13 words and reads it back in any case and spacing', async () => {
    const share = (await createWallet()).shares.recovery
    const kit = await recoveryKit(share)
    const words = kit.split(' ')
    expect(words).toHaveLength(RECOVERY_KIT_WORDS)
    expect(RECOVERY_KIT_WORDS).toBe(13)
    expect(await parseRecoveryKit(`  ${words.join('  \n').toUpperCase()} `)).toEqual(share)
  })

  it('catches a wrong word count, a word off the list and a swapped word', async () => {
    const share = (await createWallet()).shares.recovery
    const words = (await recoveryKit(share)).split(' ')
    await expect(parseRecoveryKit(words.slice(1).join(' '))).rejects.toThrow(InvalidRecoveryKitError)
    await expect(parseRecoveryKit([...words.slice(1), 'pairwise'].join(' '))).rejects.toThrow(
      /not a recovery kit word/,
    )
    let caught = 0
    for (const replacement of ['abandon', 'zoo', 'ability', 'zone']) {
      if (replacement === words[5]) continue
      const typo = words.with(5, replacement).join(' ')
      caught += await parseRecoveryKit(typo).then(
        () => 0,
        (error: unknown) => (error instanceof InvalidRecoveryKitError ? 1 : 0),
      )
    }
    // 7 checksum bits miss one typo in 128; four tries all slipping through would be 2^-28.
    expect(caught).toBeGreaterThan(0)
  })
})
