import { parseSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mapMemory } from '../../../modal/controllers/memory.js'
import {
  type LocalSIWXOptions,
  localSIWX,
  parseSiwxMessage,
  SIWX_STORAGE_KEY,
} from '../../../modal/siwx/index.js'
import { evmSigner, signed, signIn, solanaSigner } from './signers.js'

const place = { domain: 'app.example.com', uri: 'https://app.example.com/login' }
const hardhat = 'eip155:31337'
const mainnet = 'eip155:1'
const solanaLocal = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function local(options: LocalSIWXOptions = {}) {
  const storage = mapMemory()
  return { storage, config: localSIWX({ ...place, storage, ...options }) }
}

/** The session as stored and returned: plain data, without the message's toString. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value))

const stored = (storage: ReturnType<typeof mapMemory>) =>
  JSON.parse(storage.getItem(SIWX_STORAGE_KEY) ?? '[]')

afterEach(() => vi.unstubAllGlobals())

describe('localSIWX messages', () => {
  it('SIWX-01 builds an EIP-4361 message for the active network and address, with the domain, uri, version 1 and a fresh nonce', async () => {
    const { config } = local({ statement: 'Sign in to Example', expiresIn: 600 })
    const wallet = evmSigner()
    const first = await config.createMessage({ accountAddress: wallet.address, chainId: hardhat })
    const second = await config.createMessage({ accountAddress: wallet.address, chainId: hardhat })
    expect(first).toMatchObject({ accountAddress: wallet.address, chainId: hardhat, ...place, version: '1' })
    expect(first.nonce).toMatch(/^[0-9A-Za-z]{22}$/)
    expect(second.nonce).not.toBe(first.nonce)
    const viemFields = parseSiweMessage(first.toString())
    expect(viemFields).toMatchObject({
      address: wallet.address,
      chainId: 31337,
      domain: place.domain,
      uri: place.uri,
      version: '1',
      nonce: first.nonce,
      statement: 'Sign in to Example',
    })
    expect(viemFields.issuedAt?.toISOString()).toBe(first.issuedAt)
    expect(viemFields.expirationTime?.toISOString()).toBe(first.expirationTime)
  })

  it("takes the domain and uri from the page's location, leaving out its query and fragment", async () => {
    vi.stubGlobal('location', new URL('https://shop.example:8443/checkout?step=2#pay'))
    const config = localSIWX({ storage: mapMemory() })
    const data = await config.createMessage({ accountAddress: evmSigner().address, chainId: mainnet })
    expect(data).toMatchObject({ domain: 'shop.example:8443', uri: 'https://shop.example:8443/checkout' })
  })

  it('refuses to build a message with neither a page location nor domain and uri options', async () => {
    const config = localSIWX({ storage: mapMemory() })
    await expect(
      config.createMessage({ accountAddress: evmSigner().address, chainId: mainnet }),
    ).rejects.toMatchObject({
      code: 'NO_PAGE_LOCATION',
    })
  })

  it('builds a Sign In With Solana message for a solana network', async () => {
    const { config } = local()
    const wallet = solanaSigner()
    const data = await config.createMessage({ accountAddress: wallet.address, chainId: solanaLocal })
    expect(parseSiwxMessage(data.toString(), 'solana')).toMatchObject({
      address: wallet.address,
      nonce: data.nonce,
    })
  })
})

describe('localSIWX sessions', () => {
  it('SIWX-02 adds the signed session and finds it for that network and address, and only there', async () => {
    const { config } = local()
    const wallet = evmSigner()
    const session = await signIn(config, wallet, hardhat)
    const found = await config.getSessions(hardhat, wallet.address)
    expect(found).toEqual([plain(session)])
    expect(await config.getSessions(hardhat, wallet.address.toLowerCase())).toHaveLength(1)
    expect(await config.getSessions(mainnet, wallet.address)).toEqual([])
    expect(await config.getSessions(hardhat, evmSigner().address)).toEqual([])
  })

  it('SIWX-02 adds and finds a Solana session signed with ed25519', async () => {
    const { config } = local()
    const wallet = solanaSigner()
    await signIn(config, wallet, solanaLocal)
    expect(await config.getSessions(solanaLocal, wallet.address)).toHaveLength(1)
  })

  it('refuses a session signed by another key, over other words, or for other data', async () => {
    const { config, storage } = local()
    const wallet = evmSigner()
    const session = await signed(config, wallet, hardhat)
    const otherKey = { ...session, signature: await evmSigner().sign(session.message) }
    const otherText = { ...session, message: session.message.replace('Version: 1', 'Version: 2') }
    const otherData = { ...session, data: { ...session.data, chainId: mainnet } }
    for (const bad of [otherKey, otherText, otherData])
      await expect(config.addSession(bad)).rejects.toMatchObject({ code: 'INVALID_SESSION' })
    const sol = solanaSigner()
    const solSession = await signed(config, sol, solanaLocal)
    await expect(
      config.addSession({ ...solSession, signature: await solanaSigner().sign(solSession.message) }),
    ).rejects.toMatchObject({ code: 'INVALID_SESSION' })
    expect(storage.getItem(SIWX_STORAGE_KEY)).toBeNull()
  })

  it('refuses an expired session and drops sessions from storage once they expire or stop verifying', async () => {
    const clock = { now: Date.parse('2030-01-01T00:00:00Z') }
    const { config, storage } = local({ expiresIn: 60, now: () => clock.now })
    const wallet = evmSigner()
    const late = await signed(config, wallet, hardhat)
    clock.now += 61_000
    await expect(config.addSession(late)).rejects.toMatchObject({ code: 'INVALID_SESSION' })

    await signIn(config, wallet, hardhat)
    const other = evmSigner()
    await signIn(config, other, hardhat)
    const [first, second] = stored(storage)
    storage.setItem(SIWX_STORAGE_KEY, JSON.stringify([first, { ...second, signature: first.signature }]))
    expect(await config.getSessions(hardhat, other.address)).toEqual([])
    expect(stored(storage)).toHaveLength(1)
    clock.now += 61_000
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(storage.getItem(SIWX_STORAGE_KEY)).toBeNull()
  })

  it('counts no session signed for another domain, neither stored by another app on this origin nor added', async () => {
    const { config, storage } = local()
    const elsewhere = localSIWX({ domain: 'other.example.com', uri: 'https://other.example.com/', storage })
    const wallet = evmSigner()
    const foreign = await signIn(elsewhere, wallet, hardhat)
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    await expect(config.addSession(foreign)).rejects.toMatchObject({ code: 'INVALID_SESSION' })
    expect(await elsewhere.getSessions(hardhat, wallet.address)).toHaveLength(1)
  })

  it("leaves another domain's sessions in shared storage to their own config, even those only its verify option accepts", async () => {
    const { config, storage } = local()
    const elsewhere = localSIWX({
      domain: 'other.example.com',
      uri: 'https://other.example.com/',
      storage,
      verify: async (input) => input.signature === '0xc0ffee',
    })
    const wallet = evmSigner()
    await elsewhere.addSession({ ...(await signed(elsewhere, wallet, hardhat)), signature: '0xc0ffee' })
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(await elsewhere.getSessions(hardhat, wallet.address)).toHaveLength(1)
  })

  it("adds, revokes and replaces only this domain's sessions, never another domain's for the same network and address", async () => {
    const { config, storage } = local()
    const elsewhere = localSIWX({ domain: 'other.example.com', uri: 'https://other.example.com/', storage })
    const wallet = evmSigner()
    await signIn(elsewhere, wallet, hardhat)
    await signIn(config, wallet, hardhat)
    expect(await elsewhere.getSessions(hardhat, wallet.address)).toHaveLength(1)
    await config.revokeSession(hardhat, wallet.address)
    expect(await elsewhere.getSessions(hardhat, wallet.address)).toHaveLength(1)
    await config.setSessions([await signed(config, wallet, mainnet)])
    expect(await elsewhere.getSessions(hardhat, wallet.address)).toHaveLength(1)
    await config.setSessions([])
    expect(await config.getSessions(mainnet, wallet.address)).toEqual([])
    expect(await elsewhere.getSessions(hardhat, wallet.address)).toHaveLength(1)
  })

  it('keeps a session that is not valid yet, but finds it only from its Not Before', async () => {
    const clock = { now: Date.parse('2030-01-01T00:00:00Z') }
    const { config, storage } = local({ now: () => clock.now })
    const wallet = evmSigner()
    await signIn(config, wallet, hardhat, { notBefore: '2030-01-01T00:10:00.000Z' })
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(stored(storage)).toHaveLength(1)
    clock.now += 600_000
    expect(await config.getSessions(hardhat, wallet.address)).toHaveLength(1)
  })

  it("revokeSession removes exactly one chain and address pair (AppKit's delete dropped every session sharing either)", async () => {
    const { config } = local()
    const wallet = evmSigner()
    const other = evmSigner()
    await signIn(config, wallet, hardhat)
    await signIn(config, wallet, mainnet)
    await signIn(config, other, hardhat)
    await config.revokeSession(hardhat, wallet.address)
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(await config.getSessions(mainnet, wallet.address)).toHaveLength(1)
    expect(await config.getSessions(hardhat, other.address)).toHaveLength(1)
  })

  it('replaces the sessions with setSessions after verifying each, and [] signs out', async () => {
    const { config, storage } = local()
    const wallet = evmSigner()
    await signIn(config, wallet, hardhat)
    const onMainnet = await signed(config, wallet, mainnet)
    const bad = { ...(await signed(config, wallet, hardhat)), signature: onMainnet.signature }
    await expect(config.setSessions([onMainnet, bad])).rejects.toMatchObject({ code: 'INVALID_SESSION' })
    expect(await config.getSessions(hardhat, wallet.address)).toHaveLength(1)
    await config.setSessions([onMainnet])
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(await config.getSessions(mainnet, wallet.address)).toHaveLength(1)
    await config.setSessions([])
    expect(storage.getItem(SIWX_STORAGE_KEY)).toBeNull()
  })

  it('reads storage through the session schema: corrupt values and entries are dropped, never a crash', async () => {
    const { config, storage } = local()
    const wallet = evmSigner()
    const session = await signIn(config, wallet, hardhat)
    for (const junk of ['{not json', '{"a":1}', 'null']) {
      storage.setItem(SIWX_STORAGE_KEY, junk)
      expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
      expect(storage.getItem(SIWX_STORAGE_KEY)).toBeNull()
    }
    const good = plain(session)
    storage.setItem(SIWX_STORAGE_KEY, JSON.stringify([42, { data: { chainId: hardhat } }, good, 'x']))
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([good])
    expect(stored(storage)).toEqual([good])
  })

  it('keeps sessions in localStorage under @pairwise/siwx when the page has it', async () => {
    const storage = mapMemory()
    vi.stubGlobal('localStorage', storage)
    const wallet = evmSigner()
    await signIn(localSIWX(place), wallet, hardhat)
    expect(stored(storage)).toHaveLength(1)
    expect(await localSIWX(place).getSessions(hardhat, wallet.address)).toHaveLength(1)
  })

  it('checks signatures with the verify option instead of offline recovery when one is given', async () => {
    const seen: unknown[] = []
    const { config } = local({
      verify: async (input) => {
        seen.push(input)
        return input.signature === '0xc0ffee'
      },
    })
    const wallet = evmSigner()
    const session = await signed(config, wallet, hardhat)
    await expect(config.addSession(session)).rejects.toMatchObject({ code: 'INVALID_SESSION' })
    await config.addSession({ ...session, signature: '0xc0ffee' })
    expect(seen[0]).toEqual({
      chainId: hardhat,
      address: wallet.address,
      message: session.message,
      signature: session.signature,
    })
    expect(await config.getSessions(hardhat, wallet.address)).toHaveLength(1)
  })

  it('requires sign-in and signs out on disconnect unless told otherwise', () => {
    const defaults = local().config
    expect(defaults.getRequired?.()).toBe(true)
    expect(defaults.signOutOnDisconnect).toBe(true)
    const relaxed = local({ required: false, signOutOnDisconnect: false }).config
    expect(relaxed.getRequired?.()).toBe(false)
    expect(relaxed.signOutOnDisconnect).toBe(false)
  })
})
