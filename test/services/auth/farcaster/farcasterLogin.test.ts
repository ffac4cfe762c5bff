import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../../common/index.js'
import { ProjectStore } from '../../../../services/api/projects/index.js'
import {
  type DeviceKeys,
  farcasterConnectAnswer,
  farcasterStartAnswer,
} from '../../../../services/auth/protocol/index.js'
import { registerFarcasterAccount } from '../../../../services/chain/farcasterRegistries.js'
import {
  approveChannel,
  type RunningFarcasterRelay,
  relayPaths,
  startFarcasterRelay,
  type Tampering,
} from '../../../../services/farcasterRelay/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { freePort } from '../../../support/ports.js'
import { eachDatabase } from '../../api/support/databases.js'
import { type AuthHarness, authHarness, minute, newDevice, projectId, start } from '../authHarness.js'

const relayKey = 'local-relay-key-0123456789'
const domain = 'wallet.pairwise.test'
const paths = {
  start: '/auth/v1/farcaster/start',
  connect: '/auth/v1/farcaster/connect',
}

const custody = privateKeyToAccount(generatePrivateKey())
const authAddress = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const fid = 1234n

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
  await registerFarcasterAccount(chain.rpcUrl, {
    fid,
    custody: custody.address,
    authAddresses: [authAddress.address],
  })
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

describe.each(eachDatabase())('Sign In With Farcaster through a relay on $name', ({ open }) => {
  let h: AuthHarness
  let relay: RunningFarcasterRelay
  let device: DeviceKeys
  beforeEach(async () => {
    const db = await open()
    // The relay, a service of its own on the same database here, keeps the auth service's time.
    relay = await startFarcasterRelay({
      port: 0,
      db,
      relayKey,
      optimismRpcUrl: chain.rpcUrl,
      now: () => h?.clock.now ?? start,
      logger: silentLogger,
    })
    h = await authHarness(
      db,
      {
        farcasterChannelsPerIp: 6,
        farcasterChannelsPerDevice: 3,
        farcasterPollsPerLogin: 3,
        farcasterPollsPerIp: 5,
      },
      {
        farcaster: {
          domain,
          siweUri: `https://${domain}/login`,
          relayUrl: relay.url,
          optimismRpcUrl: chain.rpcUrl,
        },
      },
    )
    await new ProjectStore(db).update(projectId, { features: { email: true, socials: ['farcaster'] } })
    device = await newDevice()
  })
  afterEach(async () => {
    await h.auth.close()
    await relay.close()
  })

  const deviceBody = (keys: DeviceKeys) => ({
    device: { signingKey: keys.signingKey, agreementKey: keys.agreementKey },
  })
  const startLogin = async (keys = device) => {
    const answer = await h.post(paths.start, keys, deviceBody(keys))
    const body = await answer.json()
    expect(answer.status, JSON.stringify(body)).toBe(200)
    return farcasterStartAnswer.parse(body)
  }
  const approve = (url: string, signer = custody, tamper?: Tampering) =>
    approveChannel({
      relayUrl: relay.url,
      relayKey,
      url,
      signer,
      fid,
      username: 'ada',
      ...(tamper ? { tamper } : {}),
    })
  const connect = (channelToken: string, keys = device) => h.post(paths.connect, keys, { channelToken })
  const refusal = async (answer: Response) => ({
    status: answer.status,
    ...((await answer.json()) as { code?: string; message?: string }),
  })

  it('Farcaster login, server side: the custody address signs in: pending until the app approves, then a session of the fid, once', async () => {
    const { channelToken, url, nonce } = await startLogin()
    const asked = new URL(url)
    expect(asked.protocol).toBe('farcaster:')
    expect(asked.host).toBe('connect')
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      channelToken,
      nonce,
      siweUri: `https://${domain}/login`,
      domain,
    })
    expect(farcasterConnectAnswer.parse(await (await connect(channelToken)).json())).toEqual({
      state: 'pending',
    })
    expect((await approve(url)).status).toBe(201)
    const done = await connect(channelToken)
    const body = farcasterConnectAnswer.parse(await done.json())
    expect(done.status).toBe(200)
    if (body.state !== 'completed') throw new Error('not completed')
    expect(body.user).toMatchObject({
      provider: 'farcaster',
      email: null,
      name: 'ada',
      fid: 1234,
      username: 'ada',
    })
    expect(body.wallet).toBeNull()
    // The session is the device's, like every login's.
    const session = await h.call(
      `/auth/v1/session?projectId=demo&hostOrigin=${encodeURIComponent('http://localhost:5173')}`,
      { device, token: body.session.token },
    )
    expect(session.status).toBe(200)
    // The channel logs in once.
    expect(await refusal(await connect(channelToken))).toMatchObject({ status: 401, code: 'CHANNEL_INVALID' })

    // An auth address of the same fid, on another device: the same identity, the same user.
    const other = await newDevice()
    const second = await startLogin(other)
    expect((await approve(second.url, authAddress)).status).toBe(201)
    const again = farcasterConnectAnswer.parse(await (await connect(second.channelToken, other)).json())
    expect(again.state === 'completed' && again.user.id).toBe(body.user.id)
  })

  it('Farcaster login, server side: a wrong nonce, a wrong domain and a signer that is neither custody nor auth address are refused', async () => {
    const cases: [Tampering | undefined, typeof custody, string][] = [
      [{ nonce: 'abcdef0123456789' }, custody, 'Invalid nonce'],
      [{ domain: 'evil.example' }, custody, 'Invalid domain'],
      [
        undefined,
        stranger,
        `signer ${stranger.address} is not an auth address or the custody address of fid 1234`,
      ],
    ]
    for (const [tamper, signer, reason] of cases) {
      const { channelToken, url } = await startLogin()
      expect((await approve(url, signer, tamper)).status).toBe(201)
      const answer = await refusal(await connect(channelToken))
      expect(answer).toMatchObject({ status: 400, code: 'FARCASTER_REFUSED' })
      expect(answer.message).toContain(reason)
    }
  })

  // The relay reports the names the Farcaster app posted and checks none of them: a broken or hostile
  // relay's text (any length, control and bidi characters) must not become the user's name.
  it("Farcaster login, server side: the relay's username and display name are kept only as Farcaster allows them, the login going on by the fid it signed", async () => {
    const loginReporting = async (username: string, displayName: string) => {
      const { channelToken, url, nonce } = await startLogin()
      expect(
        (await approveChannel({ relayUrl: relay.url, relayKey, url, signer: custody, fid, username })).status,
      ).toBe(201)
      await h.db.run('UPDATE farcaster_relay_channels SET display_name = ? WHERE nonce = ?', [
        displayName,
        nonce,
      ])
      const done = await connect(channelToken)
      const body = farcasterConnectAnswer.parse(await done.json())
      expect(done.status).toBe(200)
      if (body.state !== 'completed') throw new Error('not completed')
      return body.user
    }
    expect(await loginReporting('Ada\u202Egnp.exe', 'Ada\u0007\nLovelace')).toMatchObject({
      fid: 1234,
      name: null,
      username: '!1234',
    })
    expect(await loginReporting('ada.eth', 'Ada Lovelace 🧮')).toMatchObject({
      fid: 1234,
      name: 'Ada Lovelace 🧮',
      username: 'ada.eth',
    })
  })

  it('Farcaster login, server side: an account the relay reports without a username, or with a null one, logs in by the fid it signed', async () => {
    // A stand-in in front of the relay answers a completed status as a relay that knows no username for
    // the fid would: without the field, then with it null.
    let reported: { username?: null } = {}
    const json = { 'content-type': 'application/json' }
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const authorization = request.headers.authorization
      const upstream = await fetch(`${relay.url}${request.url}`, {
        method: request.method ?? 'GET',
        headers: { ...json, ...(authorization ? { authorization } : {}) },
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      })
      const answer = (await upstream.json()) as Record<string, unknown>
      const { username: _, ...nameless } = answer
      const completed = request.url === relayPaths.channelStatus && answer.state === 'completed'
      response
        .writeHead(upstream.status, json)
        .end(JSON.stringify(completed ? { ...nameless, ...reported } : answer))
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const viaProxy = await authHarness(
      await open(),
      {},
      {
        farcaster: {
          domain,
          siweUri: `https://${domain}/login`,
          relayUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
          optimismRpcUrl: chain.rpcUrl,
        },
      },
    )
    const loginReporting = async (report: { username?: null }) => {
      reported = report
      const opened = await viaProxy.post(paths.start, device, deviceBody(device))
      const { channelToken, url } = farcasterStartAnswer.parse(await opened.json())
      expect((await approve(url)).status).toBe(201)
      const done = await viaProxy.post(paths.connect, device, { channelToken })
      const body = await done.json()
      expect(done.status, JSON.stringify(body)).toBe(200)
      return farcasterConnectAnswer.parse(body)
    }
    try {
      await new ProjectStore(viaProxy.db).update(projectId, { features: { socials: ['farcaster'] } })
      for (const report of [{}, { username: null }])
        expect(await loginReporting(report)).toMatchObject({
          state: 'completed',
          user: { fid: 1234, name: null, username: '!1234' },
        })
    } finally {
      await viaProxy.auth.close()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })

  it('Farcaster login, server side: an expired channel is refused, to the app and to the login', async () => {
    const { channelToken, url } = await startLogin()
    h.pass(10 * minute)
    expect(await refusal(await approve(url))).toMatchObject({ status: 400, code: 'CHANNEL_EXPIRED' })
    expect(await refusal(await connect(channelToken))).toMatchObject({ status: 400, code: 'CHANNEL_EXPIRED' })
  })

  it('live channels are capped per device and per client IP; another device cannot complete a login', async () => {
    const { channelToken } = await startLogin()
    expect(await refusal(await connect(channelToken, await newDevice()))).toMatchObject({
      status: 401,
      code: 'PROOF_INVALID',
    })
    await startLogin()
    await startLogin()
    expect(await refusal(await h.post(paths.start, device, deviceBody(device)))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    })
    const other = await newDevice()
    await startLogin(other)
    await startLogin(other)
    await startLogin(other)
    // Six live channels from this IP: the next, from any device, waits.
    const third = await newDevice()
    expect(await refusal(await h.post(paths.start, third, deviceBody(third)))).toMatchObject({
      status: 429,
    })
    h.pass(10 * minute)
    await startLogin()
  })

  it("answers pending without asking the relay once a login's or a client's polls pass their share a minute", async () => {
    const state = async (channelToken: string, keys: DeviceKeys) =>
      farcasterConnectAnswer.parse(await (await connect(channelToken, keys)).json()).state
    const approvedLogin = async () => {
      const keys = await newDevice()
      const { channelToken, url } = await startLogin(keys)
      expect((await approve(url)).status).toBe(201)
      return { poll: () => state(channelToken, keys) }
    }
    const { channelToken, url } = await startLogin()
    for (let poll = 1; poll <= 3; poll++) expect(await state(channelToken, device)).toBe('pending')
    expect((await approve(url)).status).toBe(201)
    // The login's three reads of this minute are spent: the approval is not asked for yet.
    expect(await state(channelToken, device)).toBe('pending')
    expect(await (await approvedLogin()).poll()).toBe('completed')
    expect(await (await approvedLogin()).poll()).toBe('completed')
    // The client's five reads of this minute are spent, whichever login polls.
    const last = await approvedLogin()
    expect(await last.poll()).toBe('pending')
    h.pass(minute)
    expect(await state(channelToken, device)).toBe('completed')
    expect(await last.poll()).toBe('completed')
  })

  it('a project without farcaster among its socials refuses the login', async () => {
    await new ProjectStore(h.db).update(projectId, { features: { socials: ['google'] } })
    expect(await refusal(await h.post(paths.start, device, deviceBody(device)))).toMatchObject({
      status: 403,
      code: 'FARCASTER_DISABLED',
    })
  })

  it('an Optimism RPC that cannot be read fails the login with 502 FARCASTER_CHAIN_FAILED, not a 500', async () => {
    const chainDown = await authHarness(
      await open(),
      {},
      {
        farcaster: {
          domain,
          siweUri: `https://${domain}/login`,
          relayUrl: relay.url,
          optimismRpcUrl: `http://127.0.0.1:${await freePort()}`,
        },
      },
    )
    try {
      await new ProjectStore(chainDown.db).update(projectId, { features: { socials: ['farcaster'] } })
      const opened = await chainDown.post(paths.start, device, deviceBody(device))
      const { channelToken, url } = farcasterStartAnswer.parse(await opened.json())
      expect((await approve(url)).status).toBe(201)
      expect(await refusal(await chainDown.post(paths.connect, device, { channelToken }))).toMatchObject({
        status: 502,
        code: 'FARCASTER_CHAIN_FAILED',
      })
    } finally {
      await chainDown.auth.close()
    }
  })

  it('a relay that does not answer in time, answers out of protocol, or is down fails the login with 502 FARCASTER_RELAY_FAILED', async () => {
    // A stand-in relay: it holds its first channel call past the timeout, then opens channels as a relay
    // does and answers their status out of protocol.
    const held: ServerResponse[] = []
    const json = { 'content-type': 'application/json' }
    const stub = createServer(async (request, response) => {
      if (request.url !== '/v1/channel')
        return void response.writeHead(200, json).end('{"state":"completed"}')
      if (held.length === 0) return void held.push(response)
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const { nonce } = JSON.parse(Buffer.concat(chunks).toString()) as { nonce: string }
      const channelToken = 'A'.repeat(43)
      response
        .writeHead(201, json)
        .end(JSON.stringify({ channelToken, url: `farcaster://connect?channelToken=${channelToken}`, nonce }))
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    const viaStub = await authHarness(
      await open(),
      {},
      {
        farcaster: {
          domain,
          siweUri: `https://${domain}/login`,
          relayUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
          optimismRpcUrl: chain.rpcUrl,
          relayTimeoutMs: 300,
        },
      },
    )
    const failed = { status: 502, code: 'FARCASTER_RELAY_FAILED' }
    try {
      await new ProjectStore(viaStub.db).update(projectId, { features: { socials: ['farcaster'] } })
      const started = Date.now()
      expect(await refusal(await viaStub.post(paths.start, device, deviceBody(device)))).toMatchObject(failed)
      expect(Date.now() - started).toBeLessThan(10_000)
      const opened = await viaStub.post(paths.start, device, deviceBody(device))
      const { channelToken } = farcasterStartAnswer.parse(await opened.json())
      expect(await refusal(await viaStub.post(paths.connect, device, { channelToken }))).toMatchObject(failed)
    } finally {
      for (const response of held) response.destroy()
      await viaStub.auth.close()
      await new Promise((resolve) => stub.close(resolve))
    }
    // The relay down: nothing to open a channel on.
    await relay.close()
    expect(await refusal(await h.post(paths.start, device, deviceBody(device)))).toMatchObject(failed)
  })
})
