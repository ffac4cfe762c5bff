import { accountTypes } from '@pairwise/engine/frame'
import type { Address } from 'viem'
import * as z from 'zod/mini'
import { createDeviceKeys, type DeviceKeys, deviceKeysOf } from '../../auth/protocol/deviceProof.js'
import { createWrapKey, type ShareBinding, unwrapShare, wrapShare } from './deviceShareWrap.js'
import { TamperedShareError } from './errors.js'
import { guardedStore } from './guardedStore.js'
import type { KeyValueStore } from './keyValueStore.js'

export type DeviceShare = ShareBinding & { address: Address; share: Uint8Array }
type AccountType = (typeof accountTypes)[number]
export type StoredSession = { token: string; expiresAt: number; preferredAccountType?: AccountType }
export type DeviceVaultOptions = {
  /** Makes the device's key pairs the first time; defaults to the auth protocol's (non-extractable). */
  createKeys?: () => Promise<Pick<DeviceKeys, 'signing' | 'agreement'>>
  now?: () => number
}

const records = { deviceKeys: 'device-keys', wrapKey: 'wrap-key', share: 'device-share', session: 'session' }

// IndexedDB is same-origin storage, but a profile can be copied or edited: every record is checked.
const cryptoKey = z.instanceof(CryptoKey)
const keyPair = z.object({ publicKey: cryptoKey, privateKey: cryptoKey })
const deviceKeysRecord = z.object({ signing: keyPair, agreement: keyPair })
const bytes = z.instanceof(Uint8Array)
const shareRecord = z.strictObject({
  walletId: z.string(),
  version: z.int(),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  iv: bytes,
  ciphertext: bytes,
})
const sessionRecord = z.strictObject({
  token: z.string(),
  expiresAt: z.number(),
  preferredAccountType: z.optional(z.enum(accountTypes)),
})

/**
 * What this browser keeps for the embedded wallet, in the frame's origin: its device key pairs, its
 * share of the wallet wrapped under a non-extractable AES key, and the session token.
 */
export class DeviceVault {
  readonly #store: KeyValueStore
  readonly #createKeys: NonNullable<DeviceVaultOptions['createKeys']>
  readonly #now: () => number
  #deviceKeys: Promise<DeviceKeys> | undefined
  #wrapKey: Promise<CryptoKey> | undefined

  constructor(
    store: KeyValueStore,
    { createKeys = createDeviceKeys, now = Date.now }: DeviceVaultOptions = {},
  ) {
    this.#store = guardedStore(store)
    this.#createKeys = createKeys
    this.#now = now
  }

  /** The device's ECDSA and ECDH key pairs: made once, then the same ones on every load. */
  deviceKeys(): Promise<DeviceKeys> {
    this.#deviceKeys ??= this.#loadOrCreateDeviceKeys().catch((error: unknown) => {
      this.#deviceKeys = undefined
      throw error
    })
    return this.#deviceKeys
  }

  async saveDeviceShare({ walletId, version, address, share }: DeviceShare): Promise<void> {
    const key = await this.#wrapKeyOrCreate()
    const wrapped = await wrapShare(key, share, { walletId, version })
    await this.#store.set(records.share, { walletId, version, address, ...wrapped })
  }

  /** This device's share, or undefined when it holds none; TamperedShareError when it does not open. */
  async loadDeviceShare(): Promise<DeviceShare | undefined> {
    const stored = await this.#store.get(records.share)
    if (stored === undefined) return undefined
    const record = shareRecord.safeParse(stored)
    const key = await this.#store.get(records.wrapKey)
    if (!record.success || !(key instanceof CryptoKey)) {
      throw new TamperedShareError('The share stored on this device is damaged')
    }
    const { walletId, version, address, iv, ciphertext } = record.data
    const binding = { walletId, version }
    const share = await unwrapShare(
      key,
      { iv: new Uint8Array(iv), ciphertext: new Uint8Array(ciphertext) },
      binding,
    )
    return { walletId, version, address: address as Address, share }
  }

  async saveSession(token: string, expiresAt: number): Promise<void> {
    await this.#store.set(records.session, { token, expiresAt })
  }

  /** The stored session while it has not expired by this device's clock (the server decides for real). */
  async session(): Promise<StoredSession | undefined> {
    const record = sessionRecord.safeParse(await this.#store.get(records.session))
    if (!record.success || record.data.expiresAt <= this.#now()) return undefined
    return record.data
  }

  /**
   * The account type the user chose (EOA or smart account), kept with the session: it survives the frame's
   * reload and ends with the session, so the next login starts from the EOA.
   */
  async savePreferredAccountType(preferredAccountType: AccountType): Promise<void> {
    const current = await this.session()
    if (current) await this.#store.set(records.session, { ...current, preferredAccountType })
  }

  async clearSession(): Promise<void> {
    await this.#store.del(records.session)
  }

  /** Drops this device's share and session; the device keys stay, so the device stays approved. */
  async forgetWallet(): Promise<void> {
    await this.#store.del(records.share)
    await this.#store.del(records.session)
  }

  /** A missing or damaged record makes a new device, which the server then asks the user to approve. */
  async #loadOrCreateDeviceKeys(): Promise<DeviceKeys> {
    const stored = deviceKeysRecord.safeParse(await this.#store.get(records.deviceKeys))
    if (stored.success) return deviceKeysOf(stored.data.signing, stored.data.agreement)
    const { signing, agreement } = await this.#createKeys()
    await this.#store.set(records.deviceKeys, { signing, agreement })
    return deviceKeysOf(signing, agreement)
  }

  #wrapKeyOrCreate(): Promise<CryptoKey> {
    this.#wrapKey ??= (async () => {
      const stored = await this.#store.get(records.wrapKey)
      if (stored instanceof CryptoKey) return stored
      const key = await createWrapKey()
      await this.#store.set(records.wrapKey, key)
      return key
    })().catch((error: unknown) => {
      this.#wrapKey = undefined
      throw error
    })
    return this.#wrapKey
  }
}
