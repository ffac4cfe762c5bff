import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { bytesToBase64url } from '../../../../crypto/encoding.js'
import {
  createWallet,
  InvalidRecoveryBlobError,
  InvalidRecoveryKitError,
  lockShare,
  MIN_RECOVERY_ITERATIONS,
  parseRecoveryKit,
  passphraseProblem,
  RECOVERY_KIT_WORDS,
  type RecoveryBlob,
  rebuildAccount,
  recoveryBlobSchema,
  recoveryKit,
  unlockShare,
  WeakPassphraseError,
  WrongPassphraseError,
} from '../../../../services/frame/custody/index.js'
import { sealWithPassphrase } from '../../../../services/frame/custody/passphraseSeal.js'
import { shareAad } from '../../../../services/frame/custody/shareAad.js'

const passphrase = 'correct horse battery staple'
const walletId = '6f1c2a1e-8c0e-4d3a-9b7e-2f4c5d6e7f80'

describe('custody recovery share under a passphrase', () => {
  let share: Uint8Array
  let blob: RecoveryBlob

  beforeAll(async () => {
    share = (await createWallet()).shares.recovery
    // The real cost: about 0.1 s in Node's WebCrypto, so every blob in this file is a 600k one.
    blob = await lockShare(share, passphrase, { walletId, version: 1 })
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('locks into the contract shape at 600000 iterations and unlocks with the passphrase', async () => {
    expect(blob).toEqual({
      v: 1,
      kdf: 'PBKDF2-SHA256',
      iterations: 600_000,
      salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      iv: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      ciphertext: expect.stringMatching(/^[A-Za-z0-9_-]{44}$/),
    })
    expect(recoveryBlobSchema.parse(JSON.parse(JSON.stringify(blob)))).toEqual(blob)
    expect(await unlockShare(blob, passphrase, { walletId, version: 1 })).toEqual(share)
  })

  it('opens with the same passphrase typed in another Unicode form (NFKC)', async () => {
    const composed = await lockShare(share, 'crème brûlée à la carte', { walletId, version: 1 })
    const decomposed = 'crème brûlée à la carte'.normalize('NFD')
    expect(await unlockShare(composed, decomposed, { walletId, version: 1 })).toEqual(share)
  })

  it('answers a wrong passphrase with WrongPassphraseError', async () => {
    await expect(
      unlockShare(blob, 'correct horse battery stapler', { walletId, version: 1 }),
    ).rejects.toThrow(WrongPassphraseError)
  })

  it('binds the blob to its wallet id and share version (AAD)', async () => {
    const otherWallet = { walletId: '00000000-0000-4000-8000-000000000000', version: 1 }
    await expect(unlockShare(blob, passphrase, otherWallet)).rejects.toThrow(WrongPassphraseError)
    await expect(unlockShare(blob, passphrase, { walletId, version: 2 })).rejects.toThrow(
      WrongPassphraseError,
    )
  })

  it('refuses to lock under a weak passphrase or below the iteration floor', async () => {
    expect(passphraseProblem('short one')).toBe('TOO_SHORT')
    expect(passphraseProblem('abababababababab')).toBe('TOO_REPETITIVE')
    expect(passphraseProblem(passphrase)).toBeUndefined()
    await expect(lockShare(share, 'abcdefghijk', { walletId, version: 1 })).rejects.toMatchObject({
      code: 'WEAK_PASSPHRASE',
      problem: 'TOO_SHORT',
    })
    await expect(lockShare(share, 'aaaaaaaaaaaaaaaa', { walletId, version: 1 })).rejects.toThrow(
      WeakPassphraseError,
    )
    await expect(
      lockShare(share, passphrase, { walletId, version: 1, iterations: MIN_RECOVERY_ITERATIONS - 1 }),
    ).rejects.toThrow(InvalidRecoveryBlobError)
  })

  it('refuses a stored blob below the floor before deriving any key, though it would open', async () => {
    // Only the internal sealer can make such a blob; the public lockShare cannot.
    const weak = await sealWithPassphrase(share, passphrase, shareAad('recovery', walletId, 1), 1000)
    const weakBlob = {
      v: 1,
      kdf: 'PBKDF2-SHA256',
      iterations: weak.iterations,
      salt: bytesToBase64url(weak.salt),
      iv: bytesToBase64url(weak.iv),
      ciphertext: bytesToBase64url(weak.ciphertext),
    }
    const deriveKey = vi.spyOn(crypto.subtle, 'deriveKey')
    await expect(unlockShare(weakBlob, passphrase, { walletId, version: 1 })).rejects.toThrow(
      InvalidRecoveryBlobError,
    )
    expect(deriveKey).not.toHaveBeenCalled()
  })

  it('refuses unknown fields, another KDF, absurd iterations and wrong byte lengths', async () => {
    const binding = { walletId, version: 1 }
    const variants: unknown[] = [
      { ...blob, note: 'x' },
      { ...blob, kdf: 'scrypt' },
      { ...blob, v: 2 },
      { ...blob, iterations: 1e9 },
      { ...blob, iterations: 600_000.5 },
      { ...blob, salt: blob.salt.slice(0, 20) },
      { ...blob, iv: `${blob.iv}A` },
      { ...blob, ciphertext: blob.ciphertext.replace(/.$/, '=') },
      null,
      'blob',
    ]
    for (const variant of variants) {
      await expect(unlockShare(variant, passphrase, binding)).rejects.toThrow(InvalidRecoveryBlobError)
    }
  })

  it('recovers the wallet on a new device: unlocked recovery share + auth share', async () => {
    const wallet = await createWallet()
    const locked = await lockShare(wallet.shares.recovery, passphrase, {
      walletId: wallet.walletId,
      version: 1,
    })
    const recovery = await unlockShare(locked, passphrase, { walletId: wallet.walletId, version: 1 })
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
