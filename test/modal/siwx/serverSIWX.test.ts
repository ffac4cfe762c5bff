import { parseSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mapMemory } from '../../../modal/controllers/memory.js'
import { type ServerSIWXOptions, SiwxError, serverSIWX } from '../../../modal/siwx/index.js'
import { pageBrowser, pageOrigin, projectId, startSiwxApi } from './apiServer.js'
import { evmSigner, signed, signIn } from './signers.js'

const hardhat = 'eip155:31337'
const mainnet = 'eip155:1'
const place = { domain: 'app.example.com', uri: `${pageOrigin}/login` }

let api: Awaited<ReturnType<typeof startSiwxApi>>
beforeAll(async () => {
  api = await startSiwxApi()
})
afterAll(() => api.close())
afterEach(() => vi.unstubAllGlobals())

function page(options: Partial<ServerSIWXOptions> = {}) {
  const browser = pageBrowser()
  const config = serverSIWX({ baseUrl: api.baseUrl, projectId, fetch: browser.fetch, ...place, ...options })
  return { browser, config }
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value))

describe('serverSIWX against the api service', () => {
  it("SIWX-01 builds the message around a nonce the server issued, with the page's domain and uri and version 1", async () => {
    const { config, browser } = page({ statement: 'Sign in to Example', expiresIn: 300 })
    const wallet = evmSigner()
    const data = await config.createMessage({ accountAddress: wallet.address, chainId: hardhat })
    const again = await config.createMessage({ accountAddress: wallet.address, chainId: hardhat })
    expect(browser.sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /siwx/nonce',
      'POST /siwx/nonce',
    ])
    expect(data).toMatchObject({ accountAddress: wallet.address, chainId: hardhat, ...place, version: '1' })
    expect(data.nonce).toMatch(/^[0-9A-Za-z]{22,}$/)
    expect(again.nonce).not.toBe(data.nonce)
    expect(parseSiweMessage(data.toString())).toMatchObject({
      address: wallet.address,
      chainId: 31337,
      nonce: data.nonce,
      domain: place.domain,
      uri: place.uri,
    })
  })

  it("issues the message at the server's time, so a visitor whose clock is ten minutes off still signs in", async () => {
    const { config } = page({ now: () => Date.now() + 10 * 60_000, expiresIn: 300 })
    const wallet = evmSigner()
    const session = await signIn(config, wallet, hardhat)
    expect(Math.abs(Date.parse(session.data.issuedAt ?? '') - Date.now())).toBeLessThan(60_000)
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([plain(session)])
  })

  it("takes the server's time only within a day of the visitor's clock: a message dated years away is not put to the wallet", async () => {
    const browser = pageBrowser()
    const farFuture: typeof fetch = async (input, init) => {
      const response = await browser.fetch(input, init)
      if (!String(input).includes('/siwx/nonce')) return response
      const answer = { ...(await response.json()), issuedAt: '9999-01-01T00:00:00.000Z' }
      return new Response(JSON.stringify(answer), { status: response.status, headers: response.headers })
    }
    const config = serverSIWX({ baseUrl: api.baseUrl, projectId, fetch: farFuture, ...place })
    const data = await config.createMessage({ accountAddress: evmSigner().address, chainId: hardhat })
    expect(Math.abs(Date.parse(data.issuedAt ?? '') - Date.now())).toBeLessThan(60_000)
  })

  it('SIWX-02 signs in with a cookie session: added, found for that network and address, listed by getMe, revoked', async () => {
    const { config, browser } = page()
    const wallet = evmSigner()
    const session = await signIn(config, wallet, hardhat)
    expect(browser.sent.every((request) => request.credentials === 'include')).toBe(true)
    expect(browser.setCookies[0]).toMatch(/^pairwise-siwx=[^;]+;.*HttpOnly/i)
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([plain(session)])
    expect(await config.getSessions(mainnet, wallet.address)).toEqual([])
    await signIn(config, wallet, mainnet)
    expect((await config.getMe()).map((each) => each.chainId).sort()).toEqual([mainnet, hardhat])
    await config.revokeSession(hardhat, wallet.address)
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(await config.getSessions(mainnet, wallet.address)).toHaveLength(1)
    await config.signOut()
    expect(await config.getMe()).toEqual([])
    expect(await config.getSessions(mainnet, wallet.address)).toEqual([])
  })

  it('replaces the sessions with setSessions (PUT) and signs out with setSessions([])', async () => {
    const { config } = page()
    const wallet = evmSigner()
    await signIn(config, wallet, hardhat)
    await config.setSessions([await signed(config, wallet, mainnet)])
    expect(await config.getSessions(hardhat, wallet.address)).toEqual([])
    expect(await config.getSessions(mainnet, wallet.address)).toHaveLength(1)
    await config.setSessions([])
    expect(await config.getMe()).toEqual([])
  })

  it("surfaces the server's refusals as SiwxErrors with its code: a replayed nonce, another key, a foreign domain", async () => {
    const { config } = page()
    const wallet = evmSigner()
    const session = await signIn(config, wallet, hardhat)
    await expect(config.addSession(session)).rejects.toMatchObject({ code: 'NONCE_INVALID', status: 401 })
    const forged = await signed(config, wallet, hardhat)
    const byOther = { ...forged, signature: await evmSigner().sign(forged.message) }
    const refusal = await config.addSession(byOther).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(SiwxError)
    expect(refusal).toMatchObject({ code: 'INVALID_SIGNATURE', status: 401 })
    const foreign = page({ domain: 'evil.example', uri: 'https://evil.example/' }).config
    await expect(signIn(foreign, wallet, hardhat)).rejects.toMatchObject({
      code: 'DOMAIN_NOT_ALLOWED',
      status: 403,
    })
  })

  it('keeps a bearer token in memory only: sent as Authorization, no cookie, nothing in localStorage, gone on reload', async () => {
    const storage = mapMemory()
    vi.stubGlobal('localStorage', storage)
    const setItem = vi.spyOn(storage, 'setItem')
    const { config, browser } = page({ auth: 'bearer' })
    const wallet = evmSigner()
    await signIn(config, wallet, hardhat)
    expect(await config.getSessions(hardhat, wallet.address)).toHaveLength(1)
    const [, post, get] = browser.sent
    expect(new URL(post?.url ?? '').searchParams.get('auth')).toBe('bearer')
    expect(get?.headers.get('authorization')).toMatch(/^Bearer [A-Za-z0-9_-]+$/)
    expect(browser.sent.every((request) => request.credentials === 'omit')).toBe(true)
    expect(browser.cookies.size).toBe(0)
    expect(setItem).not.toHaveBeenCalled()
    const reloaded = page({ auth: 'bearer' }).config
    expect(await reloaded.getSessions(hardhat, wallet.address)).toEqual([])
  })
})

describe('serverSIWX answers it cannot use', () => {
  const answering =
    (status: number, body: string): typeof fetch =>
    async () =>
      new Response(body, { status, headers: { 'content-type': 'application/json' } })
  const input = { accountAddress: evmSigner().address, chainId: hardhat }

  it('refuses a malformed answer, an error without a code and an unreachable server with their own codes', async () => {
    const config = (fetcher: typeof fetch) =>
      serverSIWX({ baseUrl: 'http://127.0.0.1:1', projectId, fetch: fetcher, ...place })
    await expect(
      config(answering(200, '{"nonce":"short","expiresAt":1}')).createMessage(input),
    ).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    })
    await expect(
      config(answering(200, '[{"data":1}]')).getSessions(hardhat, input.accountAddress),
    ).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    })
    await expect(config(answering(502, '<html>')).createMessage(input)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 502,
    })
    await expect(
      config(() => Promise.reject(new TypeError('fetch failed'))).createMessage(input),
    ).rejects.toMatchObject({
      code: 'SERVER_UNREACHABLE',
    })
  })
})
