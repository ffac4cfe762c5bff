import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import { farcasterIdRegistry, idRegistryAbi } from '../../../services/chain/farcasterRegistries.js'
import { type LocalFarcaster, startLocalFarcaster } from '../../../services/farcasterRelay/index.js'
import { noTrustedProxies } from '../../../services/kit/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'

describe('the local Farcaster relay and its test client page', () => {
  let chain: ChainFixture
  let dataDir: string
  let local: LocalFarcaster
  beforeAll(async () => {
    chain = await startChainFixture()
    dataDir = mkdtempSync(join(tmpdir(), 'pairwise-farcaster-'))
    local = await startLocalFarcaster({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      rpcUrl: chain.rpcUrl,
      trustProxy: noTrustedProxies,
      logger: silentLogger,
    })
  }, 60_000)
  afterAll(async () => {
    await local?.close()
    await chain?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const openChannel = async () => {
    const created = await fetch(`${local.relayUrl}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'http://localhost:8789/frame', domain: 'localhost:8789' }),
    })
    return (await created.json()) as { channelToken: string; url: string; nonce: string }
  }
  const approve = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${local.relayUrl}/client/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  const status = async (channelToken: string) =>
    (await fetch(`${local.relayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${channelToken}` },
    }).then((answer) => answer.json())) as Record<string, unknown>

  it('Farcaster login, server side: the test fid is registered on the local chain with the custody key kept in the data dir (0600)', async () => {
    const keyFile = join(dataDir, 'farcaster-custody.key')
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^0x[0-9a-f]{64}$/)
    const idOf = await chain.publicClient.readContract({
      address: farcasterIdRegistry,
      abi: idRegistryAbi,
      functionName: 'idOf',
      args: [local.account.custody.address],
    })
    expect(idOf).toBe(local.account.fid)
  })

  it('Farcaster login, server side: the page shows the link it was given and approves it as the test fid, signed by the custody key or the auth address', async () => {
    const { channelToken, url, nonce } = await openChannel()
    const page = await fetch(`${local.clientPage}?uri=${encodeURIComponent(url)}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain(`>${url.replaceAll('&', '&amp;')}</textarea>`)
    expect(html).toContain(local.account.custody.address)
    const approved = await approve({ uri: url, signer: 'custody' })
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('data-state="approved"')
    const done = await status(channelToken)
    expect(done).toMatchObject({ state: 'completed', nonce, fid: Number(local.account.fid) })
    expect(done.message).toContain(local.account.custody.address)
    // Once completed, the relay refuses the channel a second time, and the page says so with its status.
    const again = await approve({ uri: url, signer: 'authAddress' })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('data-state="refused"')

    const other = await openChannel()
    expect((await approve({ uri: other.url, signer: 'authAddress', nonce: '', domain: '' })).status).toBe(200)
    expect((await status(other.channelToken)).message).toContain(local.account.authAddress.address)
  })

  it('Farcaster login, server side: a nonce, a domain or a signer other than asked is signed as told (the app server refuses it)', async () => {
    const { channelToken, url } = await openChannel()
    expect(
      (await approve({ uri: url, signer: 'stranger', nonce: 'abcdef0123456789', domain: 'evil.example' }))
        .status,
    ).toBe(200)
    const message = String((await status(channelToken)).message)
    expect(message).toContain('evil.example wants you to sign in')
    expect(message).toContain('Nonce: abcdef0123456789')
    expect(message).not.toContain(local.account.custody.address)
  })

  it('refuses with 403, approving nothing, a form a page on another origin posted', async () => {
    const crossOrigin: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      // A browser that leaves Origin out of a form post still says where the post came from.
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of crossOrigin) {
      const { channelToken, url } = await openChannel()
      const answer = await approve({ uri: url, signer: 'custody' }, headers)
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(await answer.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' })
      expect((await status(channelToken)).state).toBe('pending')
    }
  })

  it("approves a form posted from its own page, whether the browser names the page's origin or the site", async () => {
    const ownPage: Record<string, string>[] = [
      { origin: new URL(local.relayUrl).origin, 'sec-fetch-site': 'same-origin' },
      { origin: new URL(local.relayUrl).origin },
      { 'sec-fetch-site': 'same-origin' },
      // Behind a TLS proxy the page is https while the relay hears http: the browser's word still holds.
      { origin: new URL(local.relayUrl).origin.replace(/^http:/, 'https:'), 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of ownPage) {
      const { url } = await openChannel()
      expect((await approve({ uri: url, signer: 'custody' }, headers)).status, JSON.stringify(headers)).toBe(
        200,
      )
    }
  })

  it('refuses a form that is not one with 400', async () => {
    const forms: Record<string, string>[] = [
      {},
      { uri: 'https://example.test/', signer: 'custody' },
      { uri: 'farcaster://connect?channelToken=x', signer: 'nobody' },
      { uri: 'javascript:alert(1)', signer: 'custody' },
      { uri: 'farcaster://connect?channelToken=x', signer: 'custody', nonce: 'not a nonce!' },
    ]
    for (const fields of forms) {
      const answer = await approve(fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    }
    expect((await fetch(`${local.clientPage}?uri=javascript:alert(1)`)).status).toBe(400)
  })
})
