import { encodeFunctionData, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smartAccountFactoryAbi } from '../../../../services/index.js'
import { type NamesStack, startNamesStack, zone } from './namesStack.js'

const reasonOf = (body: unknown) => (body as { reasons: { description: string }[] }).reasons[0]?.description

describe('names routes against Anvil', () => {
  let stack: NamesStack
  const alice = privateKeyToAccount(generatePrivateKey())
  const bob = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())

  beforeAll(async () => {
    stack = await startNamesStack()
  }, 60_000)
  afterAll(async () => {
    await stack?.stop()
  })

  it('NAME-09 lookup by name returns its address, reverse by address returns its names, a new name is found by both', async () => {
    expect((await stack.get(`/v1/names/alice-test.${zone}`)).status).toBe(404)
    expect((await stack.get(`/v1/names/reverse/${alice.address}`)).body).toEqual([])

    const registered = await stack.register(alice, `Alice-Test.${zone}`)
    expect(registered.status).toBe(200)
    const coinType = String((0x80000000 | stack.chain.chainId) >>> 0)
    expect(registered.body).toMatchObject({
      name: `alice-test.${zone}`,
      addresses: { [coinType]: { address: alice.address } },
      attributes: [],
    })

    const lookup = await stack.get(`/v1/names/alice-test.${zone}`)
    expect(lookup.status).toBe(200)
    expect(lookup.body).toEqual(registered.body)
    const reverse = await stack.get(`/v1/names/reverse/${alice.address.toLowerCase()}`)
    expect(reverse.body).toEqual([registered.body])
  })

  it('NAME-09 an unknown name answers 404 with AppKit reasons', async () => {
    const { status, body } = await stack.get(`/v1/names/nobody-here.${zone}`)
    expect(status).toBe(404)
    expect(body).toMatchObject({
      status: 404,
      reasons: [{ name: 'NOT_FOUND', description: 'Name not found' }],
    })
  })

  it('suggestions list the label first when free, else free variants', async () => {
    const free = await stack.get('/v1/names/suggestions/fresh-name')
    expect(free.body).toEqual({ suggestions: [{ name: `fresh-name.${zone}`, registered: false }] })
    const taken = (await stack.get('/v1/names/suggestions/alice-test')).body as {
      suggestions: { name: string }[]
    }
    expect(taken.suggestions.length).toBeGreaterThan(0)
    expect(taken.suggestions.map((s) => s.name)).not.toContain(`alice-test.${zone}`)
    expect(taken.suggestions[0]?.name).toBe(`alice-test1.${zone}`)
  })

  it('refuses names against the label policy with the spec texts', async () => {
    const cases: [string, string][] = [
      [`abc.${zone}`, 'Name must be at least 4 characters long'],
      [`al ice.${zone}`, 'Can only contain letters, numbers and - characters'],
      [`al_ice.${zone}`, 'Can only contain letters, numbers and - characters'],
      ['abc', 'Name must be at least 4 characters long'],
      ['alice-elsewhere.other.eth', 'Name must end with .pairwise.eth'],
    ]
    for (const [name, text] of cases) {
      const { status, body } = await stack.register(bob, name)
      expect(status, name).toBe(400)
      expect(reasonOf(body), name).toBe(text)
    }
    const suggestion = await stack.get('/v1/names/suggestions/abc')
    expect(suggestion.status).toBe(400)
    expect(reasonOf(suggestion.body)).toBe('Name must be at least 4 characters long')
  })

  it('refuses a taken name and a second name for one address', async () => {
    const taken = await stack.register(bob, `alice-test.${zone}`)
    expect([taken.status, reasonOf(taken.body)]).toEqual([409, 'Name is already taken'])
    const second = await stack.register(alice, `alice-again.${zone}`)
    expect([second.status, reasonOf(second.body)]).toEqual([409, 'You already own a name'])
  })

  it('refuses a bad signature, a stale timestamp and a chain id from 2^31 on', async () => {
    const forged = await stack.register(bob, `bob-name.${zone}`, {
      signature: await alice.signMessage({ message: 'something else' }),
    })
    expect([forged.status, reasonOf(forged.body)]).toEqual([401, 'Invalid signature'])
    const stale = await stack.register(bob, `bob-name.${zone}`, {
      timestamp: Math.floor(Date.now() / 1000) - 360,
    })
    expect([stale.status, reasonOf(stale.body)]).toEqual([401, 'Message expired'])
    const future = await stack.register(bob, `bob-name.${zone}`, {
      timestamp: Math.floor(Date.now() / 1000) + 360,
    })
    expect([future.status, reasonOf(future.body)]).toEqual([401, 'Message expired'])
    for (const coinType of [2 ** 32, 2 ** 32 + 31337, 60, 0x80000000 + 1]) {
      const wrongChain = await stack.register(bob, `bob-name.${zone}`, { coinType })
      expect([wrongChain.status, reasonOf(wrongChain.body)], String(coinType)).toEqual([
        400,
        'Invalid chainId',
      ])
    }
  })

  it('registers a smart account that is not deployed yet (ERC-6492 signature checked through the chain)', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const factory = stack.chain.fixtures.smartAccountFactory
    const account = await stack.chain.publicClient.readContract({
      address: factory,
      abi: smartAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner.address, 7n],
    })
    const timestamp = Math.floor(Date.now() / 1000)
    const message = JSON.stringify({ name: `smart-account.${zone}`, attributes: {}, timestamp })
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({
        abi: smartAccountFactoryAbi,
        functionName: 'deploy',
        args: [owner.address, 7n],
      }),
      signature: await owner.signMessage({ message }),
    })
    const forged = await stack.register({ ...stranger, address: account }, `smart-account.${zone}`, {
      timestamp,
      signature: await stranger.signMessage({ message }),
    })
    expect([forged.status, reasonOf(forged.body)]).toEqual([401, 'Invalid signature'])
    const registered = await stack.register({ ...owner, address: account }, `smart-account.${zone}`, {
      timestamp,
      signature,
    })
    expect(registered.status).toBe(200)
    expect((await stack.get(`/v1/names/reverse/${account}`)).body).toEqual([registered.body])
  })

  it('answers malformed requests with 4xx JSON, never 500', async () => {
    const post = (body: string) =>
      fetch(`${stack.api.url}/v1/names?projectId=names-test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    const bodies = [
      'not json',
      '{}',
      '[]',
      JSON.stringify({ coin_type: -1, address: bob.address, message: '{}', signature: '0x' }),
      JSON.stringify({ coin_type: 2147514985, address: 'nope', message: '{}', signature: '0x' }),
      JSON.stringify({
        coin_type: 2147514985,
        address: bob.address,
        message: 'x'.repeat(5000),
        signature: '0x',
      }),
      JSON.stringify({ coin_type: 2147514985, address: bob.address, message: '{"name":1}', signature: '0x' }),
      JSON.stringify({ coin_type: 2147514985, address: bob.address, message: 'not json', signature: '0x' }),
      JSON.stringify({ coin_type: 1.5, address: bob.address, message: '{}', signature: '0x' }),
    ]
    for (const body of bodies) {
      const response = await post(body)
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400)
      expect(response.status, body.slice(0, 40)).toBeLessThan(500)
      expect(await response.json()).toHaveProperty('reasons')
    }
    for (const path of [
      '/v1/names/reverse/not-an-address',
      `/v1/names/${'a'.repeat(300)}.${zone}`,
      '/v1/names/%F0%9F',
      '/v1/names/suggestions/%20',
      '/ccip/0x12/0x.json',
      `/ccip/${bob.address}/0x1234.json`,
      `/ccip/${bob.address}/0xzz.json`,
      `/ccip/${bob.address}/0x${'00'.repeat(4000)}.json`,
    ]) {
      const response = await fetch(
        `${stack.api.url}${path}${path.includes('?') ? '&' : '?'}projectId=names-test`,
      )
      expect(response.status, path.slice(0, 40)).toBeGreaterThanOrEqual(400)
      expect(response.status, path.slice(0, 40)).toBeLessThan(500)
      expect(await response.json()).toHaveProperty('code')
    }
    const noProject = await fetch(`${stack.api.url}/v1/names/alice-test.${zone}`)
    expect(noProject.status).toBe(400)
  })
})
