import { describe, expect, it } from 'vitest'
import { deviceIdOf } from '../../../../services/auth/protocol/deviceProof.js'
import {
  createWallet,
  DeviceVault,
  rebuildAccount,
  TamperedShareError,
} from '../../../../services/frame/custody/index.js'
import { CloningStore } from './support/cloningStore.js'

const walletShare = async () => {
  const wallet = await createWallet()
  const share = {
    walletId: wallet.walletId,
    version: 1,
    address: wallet.address,
    share: wallet.shares.device,
  }
  return { wallet, share }
}

describe('custody DeviceVault', () => {
  it('makes the device keys once, then loads the same ones (another vault on the same store too)', async () => {
    const store = new CloningStore()
    const vault = new DeviceVault(store)
    const [first, concurrent] = await Promise.all([vault.deviceKeys(), vault.deviceKeys()])
    expect(concurrent.deviceId).toBe(first.deviceId)
    expect(first.deviceId).toBe(await deviceIdOf(first.signingKey))
    const reloaded = await new DeviceVault(store).deviceKeys()
    expect(reloaded.deviceId).toBe(first.deviceId)
    expect(reloaded.agreementKey).toBe(first.agreementKey)
    expect(reloaded.signing.privateKey.extractable).toBe(false)
    expect(reloaded.agreement.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('pkcs8', reloaded.signing.privateKey)).rejects.toThrow()
  })

  it('uses the key factory it is given, once', async () => {
    let made = 0
    const vault = new DeviceVault(new CloningStore(), {
      createKeys: async () => {
        made++
        const signing = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
          'sign',
          'verify',
        ])
        const agreement = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
          'deriveBits',
        ])
        return { signing, agreement }
      },
    })
    await vault.deviceKeys()
    await vault.deviceKeys()
    expect(made).toBe(1)
  })

  it('keeps the device share wrapped (no share bytes in the store) and opens it back', async () => {
    const store = new CloningStore()
    const { wallet, share } = await walletShare()
    await new DeviceVault(store).saveDeviceShare(share)
    const stored = store.entries.get('device-share') as { ciphertext: Uint8Array }
    expect(Object.keys(stored).sort()).toEqual(['address', 'ciphertext', 'iv', 'version', 'walletId'])
    expect(Buffer.from(stored.ciphertext).includes(Buffer.from(share.share))).toBe(false)
    const loaded = await new DeviceVault(store).loadDeviceShare()
    expect(loaded).toEqual(share)
    const account = await rebuildAccount({
      shares: [loaded!.share, wallet.shares.auth],
      address: wallet.address,
    })
    expect(account.address).toBe(wallet.address)
  })

  it('keeps the AES wrap key non-extractable: exportKey rejects', async () => {
    const store = new CloningStore()
    await new DeviceVault(store).saveDeviceShare((await walletShare()).share)
    const wrapKey = store.entries.get('wrap-key')
    expect(wrapKey).toBeInstanceOf(CryptoKey)
    expect((wrapKey as CryptoKey).extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', wrapKey as CryptoKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', wrapKey as CryptoKey)).rejects.toThrow()
  })

  it('reports a stored share that does not open as tampered, never returns it', async () => {
    const edits: Array<(record: Record<string, unknown>) => void> = [
      (record) => {
        const ciphertext = (record.ciphertext as Uint8Array).slice()
        ciphertext[3]! ^= 1
        record.ciphertext = ciphertext
      },
      (record) => {
        record.walletId = '00000000-0000-4000-8000-000000000000'
      },
      (record) => {
        record.version = 2
      },
      (record) => {
        record.iv = new Uint8Array(12)
      },
      (record) => {
        record.extra = true
      },
    ]
    for (const edit of edits) {
      const store = new CloningStore()
      await new DeviceVault(store).saveDeviceShare((await walletShare()).share)
      const record = { ...(store.entries.get('device-share') as Record<string, unknown>) }
      edit(record)
      store.entries.set('device-share', record)
      await expect(new DeviceVault(store).loadDeviceShare()).rejects.toThrow(TamperedShareError)
    }
  })

  it('reports a share whose wrap key is gone or replaced as tampered', async () => {
    const store = new CloningStore()
    await new DeviceVault(store).saveDeviceShare((await walletShare()).share)
    store.entries.set(
      'wrap-key',
      await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    )
    await expect(new DeviceVault(store).loadDeviceShare()).rejects.toThrow(TamperedShareError)
    store.entries.delete('wrap-key')
    await expect(new DeviceVault(store).loadDeviceShare()).rejects.toThrow(TamperedShareError)
  })

  it('keeps a session until it expires or is cleared; forgetWallet drops share and session, not the device', async () => {
    const store = new CloningStore()
    let now = 1_000
    const vault = new DeviceVault(store, { now: () => now })
    expect(await vault.session()).toBeUndefined()
    expect(await vault.loadDeviceShare()).toBeUndefined()
    await vault.saveSession('token-1', 5_000)
    expect(await vault.session()).toEqual({ token: 'token-1', expiresAt: 5_000 })
    now = 5_000
    expect(await vault.session()).toBeUndefined()
    await vault.saveSession('token-2', 9_000)
    await vault.clearSession()
    expect(await vault.session()).toBeUndefined()

    const { deviceId } = await vault.deviceKeys()
    await vault.saveDeviceShare((await walletShare()).share)
    await vault.saveSession('token-3', 9_000)
    await vault.forgetWallet()
    expect(await vault.loadDeviceShare()).toBeUndefined()
    expect(await vault.session()).toBeUndefined()
    expect((await new DeviceVault(store).deviceKeys()).deviceId).toBe(deviceId)
  })

  it("a storage the browser blocks fails with what is wrong and what to do, never the browser's bare error", async () => {
    const blocked = new DOMException('The operation is insecure.', 'SecurityError')
    const vault = new DeviceVault({
      get: () => {
        throw blocked
      },
      set: () => Promise.reject(blocked),
      del: () => Promise.reject(blocked),
    })
    await expect(vault.deviceKeys()).rejects.toThrow(/^This browser blocks the login frame's storage\. /)
    await expect(vault.saveSession('token', Date.now() + 60_000)).rejects.toThrow(
      /allow third-party cookies and site data/,
    )
    await expect(vault.forgetWallet()).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE', cause: blocked })
  })
})
