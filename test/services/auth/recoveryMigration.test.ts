import { randomUUID } from 'node:crypto'
import { ristretto255_oprf } from '@noble/curves/ed25519.js'
import { afterEach, describe, expect, it } from 'vitest'
import { bytesToBase64url } from '../../../crypto/encoding.js'
import { migrate } from '../../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../../services/api/projects/index.js'
import { authMigrations } from '../../../services/auth/index.js'
import { type DeviceKeys, openSealed } from '../../../services/auth/protocol/index.js'
import { ShareVault } from '../../../services/auth/shareVault.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, authHarness, newDevice, projectId, start } from './authHarness.js'

const alice = 'alice@example.com'
const walletId = '7d2f5a2e-4c1b-4f7e-9b9a-3c2d1e0f9a8b'
const address = '0x1111111111111111111111111111111111111111'
const share = new Uint8Array([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12, 13, 14, 15, 16, 17])
/** A blob as the frame wrote it before recovery went through the server: PBKDF2 of the passphrase only. */
const passphraseOnlyBlob = {
  v: 1,
  kdf: 'PBKDF2-SHA256',
  iterations: 600_000,
  salt: 'c2FsdHNhbHRzYWx0c2FsdA',
  iv: 'aXZpdml2aXZpdml2',
  ciphertext: 'Y2lwaGVydGV4dGNpcGhlcnRleHQ',
}

describe.each(eachDatabase())('auth schema step 2 on a database with wallets ($name)', ({ open }) => {
  let h: AuthHarness | undefined
  afterEach(() => h?.auth.close())

  it('drops the passphrase-only blobs, refuses their recovery (409), and the devices approved before keep the auth share', async () => {
    const db = await open()
    await migrate(db, [projectMigrations, { module: 'auth', steps: authMigrations.steps.slice(0, 1) }])
    const phone: DeviceKeys = await newDevice()
    const userId = randomUUID()
    await db.run('INSERT INTO auth_users (id, email, created_at) VALUES (?, ?, ?)', [userId, alice, start])
    await db.run(
      `INSERT INTO auth_devices (user_id, device_id, signing_key, agreement_key, approved_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [userId, phone.deviceId, phone.signingKey, phone.agreementKey, start, start],
    )
    await db.run(
      `INSERT INTO auth_wallets (user_id, wallet_id, address, version, share_iv, share_ct, recovery, created_at)
       VALUES (?, ?, ?, 1, 'iv', 'ct', ?, ?)`,
      [userId, walletId, address, JSON.stringify(passphraseOnlyBlob), start],
    )

    h = await authHarness(db)
    // Email login on, whatever a new project starts with (before the service reads the project).
    await new ProjectStore(db).update(projectId, { features: { email: true } })
    const sealed = new ShareVault(h.kek).seal(walletId, 1, share)
    await db.run('UPDATE auth_wallets SET share_iv = ?, share_ct = ?', [sealed.iv, sealed.ct])
    const row = await db.get<{ recovery: string | null; recovery_proof: string | null }>(
      'SELECT recovery, recovery_proof FROM auth_wallets',
    )
    expect(row).toEqual({ recovery: null, recovery_proof: null })

    const { token } = await h.login(alice, phone)
    const blinded = bytesToBase64url(ristretto255_oprf.oprf.blind(new TextEncoder().encode('guess')).blinded)
    const evaluate = await h.post('/auth/v1/wallet/recovery/evaluate', phone, { blinded }, token)
    expect(evaluate.status).toBe(409)
    expect(await evaluate.json()).toMatchObject({ code: 'RECOVERY_UNAVAILABLE' })
    const recovery = await h.post('/auth/v1/wallet/recovery', phone, { proof: 'A'.repeat(43) }, token)
    expect(await recovery.json()).toMatchObject({ code: 'RECOVERY_UNAVAILABLE' })

    const answer = await h.post('/auth/v1/wallet/share', phone, { purpose: 'sign' }, token)
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { sealed: { epk: string; iv: string; ct: string } }
    expect(await openSealed(phone.agreement.privateKey, body.sealed)).toEqual(share)
  })
})

describe.each(eachDatabase())('auth schema step 8 on a database with wallets ($name)', ({ open }) => {
  it('takes the hold on the wallet from a device dropped before the devices cap took it too, and keeps an approved device’s', async () => {
    const db = await open()
    try {
      await migrate(db, [projectMigrations, { module: 'auth', steps: authMigrations.steps.slice(0, 7) }])
      const userId = randomUUID()
      const [kept, dropped] = await Promise.all([newDevice(), newDevice()])
      await db.run('INSERT INTO auth_users (id, email, created_at) VALUES (?, ?, ?)', [userId, alice, start])
      await db.run(
        `INSERT INTO auth_devices (user_id, device_id, signing_key, agreement_key, approved_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [userId, kept.deviceId, kept.signingKey, kept.agreementKey, start, start],
      )
      for (const device of [kept, dropped])
        await db.run('INSERT INTO auth_wallet_devices (user_id, device_id, since) VALUES (?, ?, ?)', [
          userId,
          device.deviceId,
          start,
        ])

      await migrate(db, [projectMigrations, authMigrations])

      const holders = await db.all<{ device_id: string }>('SELECT device_id FROM auth_wallet_devices')
      expect(holders.map((row) => row.device_id)).toEqual([kept.deviceId])
    } finally {
      await db.close()
    }
  })
})
