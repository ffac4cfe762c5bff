import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  concat,
  decodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  numberToHex,
  parseAbi,
  recoverAddress,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { namehash, packetToBytes } from 'viem/ens'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../../services/api/app.js'
import { migrate } from '../../../../services/api/db/index.js'
import {
  gatewaySignerKey,
  NameStore,
  namesMigrations,
  namesRouteFactories,
} from '../../../../services/api/names/index.js'
import { ProjectStore, projectMigrations } from '../../../../services/api/projects/index.js'
import { eachDatabase } from '../support/databases.js'

const zone = 'pairwise.eth'
const chainId = 31337
const coinType = (0x80000000 | chainId) >>> 0
const start = Date.UTC(2026, 0, 10, 12)
const resolver = '0x1111111111111111111111111111111111111111'
const resolverAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes)',
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function name(bytes32 node) view returns (string)',
  'function text(bytes32 node, string key) view returns (string)',
])
const answerParameters = [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }] as const

/** The `resolve(name, inner)` call a resolver's OffchainLookup sends to the gateway. */
function lookupCall(name: string, inner: Hex): Hex {
  return encodeFunctionData({
    abi: resolverAbi,
    functionName: 'resolve',
    args: [toHex(packetToBytes(name)), inner],
  })
}

describe.each(eachDatabase())('names store and gateway on $name', (database) => {
  const signerKey = generatePrivateKey()
  const signer = privateKeyToAccount(signerKey).address
  const alice = privateKeyToAccount(generatePrivateKey())

  async function names() {
    const db = await database.open()
    await migrate(db, [projectMigrations, namesMigrations])
    await new ProjectStore(db).create({ id: 'p1', name: 'Names' })
    const clock = { now: start }
    const { hono } = createApiApp({
      db,
      adminToken: 'a'.repeat(64),
      logger: { info() {}, warn() {}, error() {} },
      now: () => clock.now,
      routes: namesRouteFactories({ zone, signerKey, chainIds: [chainId] }, []),
    })
    const register = async (account = alice, name = `alice-test.${zone}`, skewSeconds = 0) => {
      const timestamp = Math.floor(clock.now / 1000) + skewSeconds
      const message = JSON.stringify({ name, attributes: {}, timestamp })
      const response = await hono.request('/v1/names?projectId=p1', {
        method: 'POST',
        body: JSON.stringify({
          coin_type: coinType,
          address: account.address,
          message,
          signature: await account.signMessage({ message }),
        }),
      })
      return {
        status: response.status,
        body: (await response.json()) as { reasons?: { description: string }[] },
      }
    }
    const ask = async (callData: Hex, method: 'GET' | 'POST' = 'GET') => {
      const response =
        method === 'GET'
          ? await hono.request(`/ccip/${resolver}/${callData}.json`)
          : await hono.request('/ccip', {
              method: 'POST',
              body: JSON.stringify({ sender: resolver, data: callData }),
            })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      const { data } = (await response.json()) as { data: Hex }
      const [result, expires, signature] = decodeAbiParameters(answerParameters, data)
      const digest = keccak256(
        concat([
          '0x1900',
          resolver,
          numberToHex(expires, { size: 8 }),
          keccak256(callData),
          keccak256(result),
        ]),
      )
      return { result, expires, signedBy: await recoverAddress({ hash: digest, signature }) }
    }
    return { db, clock, hono, register, ask, store: new NameStore(db) }
  }

  it('NAME-09 a registered name is found by lookup and by reverse lookup', async () => {
    const { hono, register } = await names()
    expect((await register()).status).toBe(200)
    const lookup = await hono.request(`/v1/names/alice-test.${zone}?projectId=p1`)
    expect(await lookup.json()).toEqual({
      name: `alice-test.${zone}`,
      registered: new Date(start).toISOString(),
      updated: new Date(start).toISOString(),
      addresses: { [String(coinType)]: { address: alice.address, created: new Date(start).toISOString() } },
      attributes: [],
    })
    const reverse = await hono.request(`/v1/names/reverse/${alice.address}?projectId=p1`)
    expect(((await reverse.json()) as { name: string }[]).map((record) => record.name)).toEqual([
      `alice-test.${zone}`,
    ])
  })

  it('a lookup finds a name typed in any case of A–Z, and no name for a form that only ENSIP-15 maps onto it', async () => {
    const { hono, register } = await names()
    expect((await register()).status).toBe(200)
    const lookup = async (name: string) => {
      const response = await hono.request(`/v1/names/${encodeURIComponent(name)}?projectId=p1`)
      const body = (await response.json()) as { name?: string }
      return [response.status, body.name]
    }
    expect(await lookup('ALICE-Test.Pairwise.ETH')).toEqual([200, `alice-test.${zone}`])
    for (const name of [
      `ａｌｉｃｅ-test.${zone}`,
      `ali\u00adce-test.${zone}`,
      `ⓐlice-test.${zone}`,
      `alice-test.${zone}.`,
      ` alice-test.${zone}`,
    ])
      expect(await lookup(name), name).toEqual([404, undefined])
  })

  it('two registrations racing for one name: exactly one wins, the other is told it is taken', async () => {
    const { register } = await names()
    const racers = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())]
    const answers = await Promise.all(racers.map((account) => register(account, `race-name.${zone}`)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.reasons?.[0]?.description).toBe(
      'Name is already taken',
    )
  })

  it('a register message is accepted up to 5 minutes from its timestamp, either way', async () => {
    const { register } = await names()
    const expired = (skew: number) =>
      register(privateKeyToAccount(generatePrivateKey()), `skew-name.${zone}`, skew)
    for (const skew of [-301, 301]) {
      const answer = await expired(skew)
      expect([answer.status, answer.body.reasons?.[0]?.description], String(skew)).toEqual([
        401,
        'Message expired',
      ])
    }
    expect((await expired(-300)).status).toBe(200)
    expect(
      (await register(privateKeyToAccount(generatePrivateKey()), `skew-later.${zone}`, 300)).status,
    ).toBe(200)
  })

  it('a register message (address, timestamp) is used once, and remembered only while it could be accepted', async () => {
    const { store } = await names()
    const now = Math.floor(start / 1000)
    expect(await store.useMessage(alice.address, now, now, 600)).toBe(true)
    expect(await store.useMessage(alice.address.toLowerCase(), now, now + 1, 600)).toBe(false)
    expect(await store.useMessage(alice.address, now + 1, now + 1, 600)).toBe(true)
    expect(await store.useMessage(alice.address, now, now + 601, 600)).toBe(true)
  })

  it('the gateway signs addr answers for the resolver, for coin types 60, the chain and 0x80000000, valid 5 minutes', async () => {
    const { register, ask } = await names()
    await register()
    const name = `alice-test.${zone}`
    const node = namehash(name)
    const addr = lookupCall(
      name,
      encodeFunctionData({ abi: resolverAbi, functionName: 'addr', args: [node] }),
    )
    for (const method of ['GET', 'POST'] as const) {
      const answer = await ask(addr, method)
      expect(answer.signedBy).toBe(signer)
      expect(answer.expires).toBe(BigInt(Math.floor(start / 1000) + 300))
      expect(decodeAbiParameters([{ type: 'address' }], answer.result)).toEqual([alice.address])
    }
    for (const type of [60n, BigInt(coinType), 0x80000000n, 0n, 0x80000001n]) {
      const call = lookupCall(
        name,
        encodeFunctionData({ abi: resolverAbi, functionName: 'addr', args: [node, type] }),
      )
      const [bytes] = decodeAbiParameters([{ type: 'bytes' }], (await ask(call)).result)
      expect(bytes, String(type)).toBe(
        type === 0n || type === 0x80000001n ? '0x' : alice.address.toLowerCase(),
      )
    }
  })

  it('the gateway answers primary names from addr.reverse and empty records for the rest', async () => {
    const { register, ask } = await names()
    await register()
    const reverseName = `${alice.address.slice(2).toLowerCase()}.addr.reverse`
    const nameOf = (name: string) =>
      lookupCall(name, encodeFunctionData({ abi: resolverAbi, functionName: 'name', args: [namehash(name)] }))
    const text = (await ask(nameOf(reverseName))).result
    expect(decodeAbiParameters([{ type: 'string' }], text)).toEqual([`alice-test.${zone}`])
    const stranger = `${'ab'.repeat(20)}.addr.reverse`
    expect(decodeAbiParameters([{ type: 'string' }], (await ask(nameOf(stranger))).result)).toEqual([''])
    const unknown = `nobody-here.${zone}`
    const addrOfUnknown = lookupCall(
      unknown,
      encodeFunctionData({ abi: resolverAbi, functionName: 'addr', args: [namehash(unknown)] }),
    )
    expect(decodeAbiParameters([{ type: 'address' }], (await ask(addrOfUnknown)).result)).toEqual([
      '0x0000000000000000000000000000000000000000',
    ])
    // A node that is not the name's gets no record, even for a registered name.
    const mismatched = lookupCall(
      `alice-test.${zone}`,
      encodeFunctionData({ abi: resolverAbi, functionName: 'addr', args: [namehash(unknown)] }),
    )
    expect(decodeAbiParameters([{ type: 'address' }], (await ask(mismatched)).result)).toEqual([
      '0x0000000000000000000000000000000000000000',
    ])
  })

  it('the gateway refuses calls it does not answer with a 400 a page of any origin can read, and admits cross-origin POSTs', async () => {
    const { hono } = await names()
    const contenthash = lookupCall(`alice-test.${zone}`, '0xbc1c58d1')
    for (const request of [
      hono.request(`/ccip/${resolver}/${contenthash}.json`),
      hono.request(`/ccip/${resolver}/0x.json`),
      hono.request('/ccip', { method: 'POST', body: '{"sender":"0x1","data":"0x"}' }),
      hono.request('/ccip', { method: 'POST', body: 'nope' }),
    ]) {
      const refused = await request
      expect(refused.status).toBe(400)
      expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    }
    const preflight = await hono.request('/ccip', {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('the gateway signing key file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pairwise-names-key-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is made once, readable by its owner only, and read back unchanged', () => {
    const path = join(dir, 'names-gateway.key')
    const key = gatewaySignerKey(path)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(gatewaySignerKey(path)).toBe(key)
    expect(readFileSync(path, 'utf8').trim()).toBe(key)
    const broken = join(dir, 'broken.key')
    writeFileSync(broken, 'not a key', { mode: 0o600 })
    expect(() => gatewaySignerKey(broken)).toThrow(/32-byte hex private key/)
  })
})
