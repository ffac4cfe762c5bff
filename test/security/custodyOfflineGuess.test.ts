import { ristretto255_oprf } from '@noble/curves/ed25519.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bytesToBase64url } from '../../crypto/encoding.js'
import { ProjectStore } from '../../services/api/projects/index.js'
import {
  type DeviceKeys,
  openSealed,
  type RecoveryBlob,
  recoveryEvaluateAnswer,
  walletRecoveryAnswer,
} from '../../services/auth/protocol/index.js'
import { ShareVault } from '../../services/auth/shareVault.js'
import {
  createWallet,
  lockShare,
  type OprfEvaluate,
  rebuildAccount,
  recoveryKeyToLock,
  recoveryKeyToOpen,
  unlockShare,
} from '../../services/frame/custody/index.js'
import { eachDatabase } from '../services/api/support/databases.js'
import {
  type AuthHarness,
  authHarness,
  minute,
  newDevice,
  projectId,
  second,
  startBody,
} from '../services/auth/authHarness.js'

const alice = 'alice@example.com'
const passphrase = 'violet harbour lantern 1917 quietly'
/** What an attacker tries: five wrong passphrases, then the right one (say it leaked elsewhere). */
const guesses = [
  'password123456789',
  'alice@example.com',
  'correct horse battery staple',
  'violet harbour lantern 1916 quietly',
  'qwertyuiopasdfgh',
  passphrase,
]
const EVALUATE = '/auth/v1/wallet/recovery/evaluate'
const RECOVERY = '/auth/v1/wallet/recovery'
const SHARE = '/auth/v1/wallet/share'
const { oprf } = ristretto255_oprf

const [sqlite] = eachDatabase()

const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))

/** The offline attack on a passphrase-only blob: PBKDF2-SHA256 of the guess, AES-GCM under the share's AAD. */
async function openOffline(
  blob: RecoveryBlob,
  guess: string,
  walletId: string,
): Promise<Uint8Array | undefined> {
  const base = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(guess.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  const key = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromB64(blob.salt), iterations: blob.iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['decrypt'],
  )
  const additionalData = new TextEncoder().encode(`pairwise/share/v1|recovery|${walletId}|1`)
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64(blob.iv), additionalData },
      key,
      fromB64(blob.ciphertext),
    )
    return new Uint8Array(plain)
  } catch {
    return undefined
  }
}

/** The frame's own derivation run offline, with an OPRF key the attacker made (the server's is not theirs). */
const ownOprf = (blob: RecoveryBlob): OprfEvaluate => {
  const { secretKey } = oprf.generateKeyPair()
  return async (blinded) => ({
    evaluated: bytesToBase64url(oprf.blindEvaluate(secretKey, fromB64(blinded))),
    kdf: { iterations: blob.iterations, salt: blob.salt },
  })
}

describe('custody: a read mailbox does not lead to offline guessing of the passphrase', () => {
  let h: AuthHarness
  let phone: DeviceKeys
  let phoneToken: string
  let wallet: Awaited<ReturnType<typeof createWallet>>

  /** The frame's evaluation through the auth service, as `device` with `token`; a refusal throws its answer. */
  const evaluateAs =
    (device: DeviceKeys, token: string): OprfEvaluate =>
    async (blinded) => {
      const answer = await h.post(EVALUATE, device, { blinded }, token)
      const body = (await answer.json()) as Record<string, unknown>
      if (answer.status !== 200)
        throw Object.assign(new Error(String(body.code)), { status: answer.status, body })
      return recoveryEvaluateAnswer.parse(body)
    }
  /** One raw guess at the evaluate route: a blinded element, no KDF work. */
  const guessAt = (device: DeviceKeys, token: string, guess: string) =>
    h.post(
      EVALUATE,
      device,
      { blinded: bytesToBase64url(oprf.blind(new TextEncoder().encode(guess)).blinded) },
      token,
    )

  beforeEach(async () => {
    h = await authHarness(await sqlite!.open())
    // Email login on, whatever a new project starts with (before the service reads the project).
    await new ProjectStore(h.db).update(projectId, { features: { email: true } })
    phone = await newDevice()
    ;({ token: phoneToken } = await h.login(alice, phone))
    wallet = await createWallet()
    const binding = { walletId: wallet.walletId, version: 1 }
    const key = await recoveryKeyToLock(passphrase, evaluateAs(phone, phoneToken))
    const created = await h.post(
      '/auth/v1/wallet',
      phone,
      {
        walletId: wallet.walletId,
        address: wallet.address,
        authShare: bytesToBase64url(wallet.shares.auth),
        recovery: await lockShare(wallet.shares.recovery, key, binding),
        recoveryProof: key.proof,
      },
      phoneToken,
    )
    expect(created.status).toBe(200)
  })
  afterEach(() => h.auth.close())

  /**
   * The attacker reads alice's mailbox: logs in on a new device with the mailed code and approves it with
   * the mailed link (in whichever order the service asks for them).
   */
  async function mailboxSession(device: DeviceKeys): Promise<string> {
    h.pass(31 * second)
    const started = await h.post('/auth/v1/email/start', device, startBody(alice, device))
    const { attemptId } = (await started.json()) as { attemptId: string }
    type Login = { session?: { token: string } }
    const approveIfAsked = async (): Promise<Login | undefined> => {
      const link = /^Approve: (\S+)$/m.exec(h.lastMail(alice).text)?.[1]
      if (!link) return undefined
      const approved = await fetch(`${h.auth.url}/auth/v1/device/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: new URL(link).searchParams.get('token') ?? '' }),
      })
      expect(approved.status).toBe(200)
      return (await (await h.post('/auth/v1/device/wait', device, { attemptId })).json()) as Login
    }
    let login = await approveIfAsked()
    if (!login?.session) {
      const verified = await h.post('/auth/v1/email/verify', device, { attemptId, code: h.codeFor(alice) })
      login = (await verified.json()) as Login
      if (!login.session) login = await approveIfAsked()
    }
    const token = login?.session?.token
    if (!token) throw new Error('the mailbox did not give a session')
    return token
  }

  it('a device approved through the mailed link gets neither the recovery blob nor the auth share', async () => {
    const laptop = await newDevice()
    const token = await mailboxSession(laptop)
    const blob = await h.post(RECOVERY, laptop, { proof: bytesToBase64url(new Uint8Array(32)) }, token)
    expect(blob.status).toBe(403)
    const refused = (await blob.json()) as Record<string, unknown>
    expect(refused).toMatchObject({ code: 'WRONG_PASSPHRASE' })
    expect(refused).not.toHaveProperty('recovery')
    for (const purpose of ['sign', 'export']) {
      const share = await h.post(SHARE, laptop, { purpose }, token)
      expect(share.status).toBe(403)
      expect(await share.json()).toMatchObject({ code: 'RECOVERY_REQUIRED' })
    }
  })

  it('with the stored blob and the auth share in hand, no guess rebuilds the key offline: the blob opens only through the server', async () => {
    // More than a mailbox yields: the blob as stored and the auth share opened with the service's KEK.
    const row = await h.db.get<{ recovery: string; version: number; share_iv: string; share_ct: string }>(
      'SELECT recovery, version, share_iv, share_ct FROM auth_wallets WHERE wallet_id = ?',
      [wallet.walletId],
    )
    if (!row) throw new Error('no stored wallet')
    const blob = JSON.parse(row.recovery) as RecoveryBlob
    const authShare = new ShareVault(h.kek).open(wallet.walletId, 1, { iv: row.share_iv, ct: row.share_ct })
    const binding = { walletId: wallet.walletId, version: 1 }
    let rebuilt: string | undefined
    let opened = 0
    for (const guess of guesses) {
      const share =
        (await openOffline(blob, guess, wallet.walletId)) ??
        (await unlockShare(blob, await recoveryKeyToOpen(guess, ownOprf(blob)), binding).catch(
          () => undefined,
        ))
      if (!share) continue
      opened++
      rebuilt = (await rebuildAccount({ shares: [share, authShare], address: wallet.address })).address
    }
    expect(opened).toBe(0)
    expect(rebuilt).toBeUndefined()

    // The same passphrase through the server's evaluation opens it.
    const key = await recoveryKeyToOpen(passphrase, evaluateAs(phone, phoneToken))
    const share = await unlockShare(blob, key, binding)
    expect((await rebuildAccount({ shares: [share, authShare], address: wallet.address })).address).toBe(
      wallet.address,
    )
  })

  it('the server counts every guess: after the fifth wrong one recovery is paused, each pause twice the last', async () => {
    const laptop = await newDevice()
    const token = await mailboxSession(laptop)
    for (const guess of guesses.slice(0, 5)) expect((await guessAt(laptop, token, guess)).status).toBe(200)
    const paused = await guessAt(laptop, token, passphrase)
    expect(paused.status).toBe(423)
    expect(await paused.json()).toMatchObject({ code: 'RECOVERY_LOCKED', retryAfter: 15 * 60 })
    expect(h.lastMail(alice).subject).toBe('Demo: wallet recovery paused')
    // Even the owner's own device waits: the pause is the user's, not the device's.
    expect((await guessAt(phone, phoneToken, passphrase)).status).toBe(423)

    h.pass(15 * minute)
    // Every evaluation needs a code from the last 5 minutes.
    const stale = await guessAt(laptop, token, 'password123456789')
    expect(stale.status).toBe(403)
    expect(await stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' })
    const { attemptId } = (await (await h.post('/auth/v1/reauth/start', laptop, {}, token)).json()) as {
      attemptId: string
    }
    const fresh = await h.post('/auth/v1/reauth/verify', laptop, { attemptId, code: h.codeFor(alice) }, token)
    expect(fresh.status).toBe(200)
    for (const guess of guesses.slice(0, 5)) expect((await guessAt(laptop, token, guess)).status).toBe(200)
    const longer = await guessAt(laptop, token, passphrase)
    expect(longer.status).toBe(423)
    expect(await longer.json()).toMatchObject({ retryAfter: 30 * 60 })

    // The pause ends; the right passphrase, proven, resets the count and the doubling.
    h.pass(30 * minute)
    const { token: again } = await h.login(alice, phone)
    const key = await recoveryKeyToOpen(passphrase, evaluateAs(phone, again))
    expect((await h.post(RECOVERY, phone, { proof: key.proof }, again)).status).toBe(200)
    for (const guess of guesses.slice(0, 4)) expect((await guessAt(phone, again, guess)).status).toBe(200)
    await guessAt(phone, again, guesses[4] ?? '')
    expect(await (await guessAt(phone, again, passphrase)).json()).toMatchObject({ retryAfter: 15 * 60 })
  })

  it('one client IP gets at most 20 evaluations in 15 minutes, whatever the users', async () => {
    // The wallet's creation above was this IP's first evaluation; four users make 16 more, a fifth 3.
    let evaluations = 1
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      h.pass(31 * second)
      const device = await newDevice()
      const { token } = await h.login(`${name}@example.com`, device)
      for (let i = 0; i < 4 && evaluations < 20; i++, evaluations++)
        expect((await guessAt(device, token, `guess ${i} of ${name}`)).status).toBe(200)
      if (evaluations < 20) continue
      // This user has three guesses counted, far from its own pause: the IP's cap refuses it.
      const refused = await guessAt(device, token, 'one guess too many')
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    }
    expect(evaluations).toBe(20)
  })

  it('a new device that proves the passphrase gets the blob and the auth share, and the mailbox is told once', async () => {
    const laptop = await newDevice()
    const token = await mailboxSession(laptop)
    const mailsBefore = h.mailer.mails.length
    const key = await recoveryKeyToOpen(passphrase, evaluateAs(laptop, token))
    const answer = await h.post(RECOVERY, laptop, { proof: key.proof }, token)
    expect(answer.status).toBe(200)
    const { recovery } = walletRecoveryAnswer.parse(await answer.json())
    const mail = h.lastMail(alice)
    expect(mail.subject).toBe('Demo: your wallet was opened on a new device')
    expect(mail.text).toContain('http://localhost:5173')
    const share = await unlockShare(recovery, key, { walletId: wallet.walletId, version: 1 })
    const sealed = await h.post(SHARE, laptop, { purpose: 'sign' }, token)
    expect(sealed.status).toBe(200)
    const authShare = await openSealed(
      laptop.agreement.privateKey,
      ((await sealed.json()) as { sealed: { epk: string; iv: string; ct: string } }).sealed,
    )
    expect((await rebuildAccount({ shares: [share, authShare], address: wallet.address })).address).toBe(
      wallet.address,
    )
    expect((await h.post(RECOVERY, laptop, { proof: key.proof }, token)).status).toBe(200)
    expect(
      h.mailer.mails.slice(mailsBefore).filter((each) => each.subject.includes('new device')),
    ).toHaveLength(1)
  })
})
