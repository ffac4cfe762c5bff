import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import { registerFarcasterAccount } from '../../../services/chain/farcasterRegistries.js'
import {
  approveChannel,
  channelOpenedAnswer,
  type RunningFarcasterRelay,
  startFarcasterRelay,
} from '../../../services/farcasterRelay/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { eachDatabase } from '../api/support/databases.js'

const relayKey = 'local-relay-key-0123456789'
const custody = privateKeyToAccount(generatePrivateKey())
const fid = 1234n
const minute = 60_000

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
  await registerFarcasterAccount(chain.rpcUrl, { fid, custody: custody.address })
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

describe.each(eachDatabase())('the Farcaster relay on $name', ({ open }) => {
  let relay: RunningFarcasterRelay
  const clock = { now: Date.UTC(2026, 0, 10, 12) }
  beforeEach(async () => {
    relay = await startFarcasterRelay({
      port: 0,
      db: await open(),
      relayKey,
      optimismRpcUrl: chain.rpcUrl,
      limits: { channelsPerIp: 3 },
      now: () => clock.now,
      logger: silentLogger,
    })
  })
  afterEach(async () => {
    await relay.close()
  })

  const call = (path: string, init: { body?: unknown; token?: string } = {}) =>
    fetch(`${relay.url}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  const openChannel = async (nonce?: string) => {
    const created = await call('/v1/channel', {
      body: { siweUri: 'https://example.test/login', domain: 'example.test', ...(nonce ? { nonce } : {}) },
    })
    expect(created.status).toBe(201)
    return channelOpenedAnswer.parse(await created.json())
  }
  const approve = (url: string, key = relayKey) =>
    approveChannel({ relayUrl: relay.url, relayKey: key, url, signer: custody, fid, username: 'ada' })
  const refusal = async (answer: Response) => ({
    status: answer.status,
    ...((await answer.json()) as { code?: string }),
  })
  /** A completion as the relay's keyholder sends it, raw: what a bad one is answered. */
  const authenticate = (channelToken: string, body: object) =>
    fetch(`${relay.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${channelToken}`,
        'x-farcaster-auth-relay-key': relayKey,
      },
      body: JSON.stringify(body),
    })

  it('a channel from POST /v1/channel: 202 then 200 with the custody, the relay key required, one completion', async () => {
    const { channelToken, url, nonce } = await openChannel('nonce12345678')
    expect(nonce).toBe('nonce12345678')
    expect(url).toBe(
      `farcaster://connect?channelToken=${channelToken}&nonce=nonce12345678&siweUri=${encodeURIComponent('https://example.test/login')}&domain=example.test`,
    )
    const status = () => call('/v1/channel/status', { token: channelToken })
    const pending = await status()
    expect(pending.status).toBe(202)
    expect(await pending.json()).toEqual({ state: 'pending', nonce, url })
    expect(await refusal(await approve(url, 'wrong-key-0123456789'))).toMatchObject({
      status: 401,
      code: 'RELAY_KEY_INVALID',
    })
    expect((await approve(url)).status).toBe(201)
    const completed = await status()
    expect(completed.status).toBe(200)
    expect(await completed.json()).toMatchObject({
      state: 'completed',
      nonce,
      fid: 1234,
      username: 'ada',
      custody: custody.address,
    })
    expect(await refusal(await approve(url))).toMatchObject({ status: 409, code: 'CHANNEL_COMPLETED' })
    expect(await refusal(await call('/v1/channel/status', { token: 'A'.repeat(43) }))).toMatchObject({
      status: 401,
      code: 'CHANNEL_INVALID',
    })
    // Without a nonce the relay makes one: 128 bits.
    expect((await openChannel()).nonce).toMatch(/^[0-9a-f]{32}$/)
  })

  it('live channels are capped per client IP until they expire, and an expired channel is refused to the app', async () => {
    const first = await openChannel()
    await openChannel()
    await openChannel()
    const capped = await call('/v1/channel', {
      body: { siweUri: 'https://example.test/', domain: 'example.test' },
    })
    expect(await refusal(capped)).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    expect(capped.headers.get('retry-after')).toBe('600')
    clock.now += 10 * minute
    expect(await refusal(await approve(first.url))).toMatchObject({ status: 400, code: 'CHANNEL_EXPIRED' })
    expect(await refusal(await call('/v1/channel/status', { token: first.channelToken }))).toMatchObject({
      status: 400,
      code: 'CHANNEL_EXPIRED',
    })
    await openChannel()
  })

  it('refuses malformed bodies with 400 and keeps serving', async () => {
    for (const body of [
      {},
      { siweUri: 'not a url', domain: 'example.test' },
      { siweUri: 'https://a.test', domain: 'a b' },
    ])
      expect(await refusal(await call('/v1/channel', { body }))).toMatchObject({
        status: 400,
        code: 'INVALID_REQUEST',
      })
    const { url } = await openChannel()
    const token = new URL(url).searchParams.get('channelToken') ?? ''
    const malformed = await authenticate(token, {
      message: 'x',
      signature: 'not hex',
      fid: -1,
      username: 'ada',
    })
    expect(await refusal(malformed)).toMatchObject({ status: 400, code: 'INVALID_REQUEST' })
    expect((await fetch(`${relay.url}/health`)).status).toBe(200)
  })

  // PostgreSQL's TEXT cannot hold U+0000: a channel opened or completed with one failed its statement
  // with a 500 (SQLite stored it).
  it('refuses U+0000 in what a channel stores with 400', async () => {
    expect(
      await refusal(
        await call('/v1/channel', {
          body: { siweUri: 'https://example.test/\u0000', domain: 'example.test' },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'INVALID_REQUEST' })
    const { channelToken } = await openChannel()
    const completion = { message: 'x', signature: '0x00', fid: 1, username: 'ada' }
    for (const nul of [
      { message: 'x\u0000' },
      { username: 'ada\u0000' },
      { displayName: '\u0000' },
      { bio: '\u0000' },
      { pfpUrl: 'https://example.test/\u0000' },
    ]) {
      const answer = await authenticate(channelToken, { ...completion, ...nul })
      expect(await refusal(answer)).toMatchObject({ status: 400, code: 'INVALID_REQUEST' })
    }
    expect((await call('/v1/channel/status', { token: channelToken })).status).toBe(202)
  })
})
