import { hexToString, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { closeByVisitor } from '../../../modal/controllers/modal.js'
import { reset } from '../../../modal/controllers/router.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { loginWithEmail } from '../../../modal/email/emailFlow.js'
import {
  getSuggestions,
  isNameRegistered,
  loadProfileName,
  namesState,
  registerName,
  registrationMessage,
} from '../../../modal/names/namesController.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { NameServiceState } from '../../../modal/state/types.js'
import { devPrivateKeys } from '../../../services/index.js'
import { alice, evmNetwork, injectedKit, unreachableRpcUrl, until } from '../support/kit.js'
import {
  type NamesAnswer,
  type NamesRequest,
  nameRecord,
  namesKit,
  namesServer,
  refusal,
  signingFrame,
} from './support.js'

const account = privateKeyToAccount(devPrivateKeys[1])
let anvil: CaipNetwork
let answer: (request: NamesRequest) => NamesAnswer
let server: Awaited<ReturnType<typeof namesServer>>
const cleanups: (() => unknown)[] = []

beforeAll(async () => {
  anvil = evmNetwork(31337, await unreachableRpcUrl())
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function service(handler: (request: NamesRequest) => NamesAnswer) {
  answer = handler
  server = await namesServer((request) => answer(request))
  cleanups.push(server.close)
}

/** An email-wallet login of `account` with the names service behind the api, on RegisterAccountName. */
async function loggedIn(handler: (request: NamesRequest) => NamesAnswer) {
  await service(handler)
  const { kit, frame } = namesKit([anvil], server.url)
  cleanups.push(() => kit.destroy())
  const signed = signingFrame(frame, account)
  await kit.ready()
  await kit.open()
  await loginWithEmail(kit.context, 'ada@example.com')
  await until(kit, (s) => s.account.address === account.address)
  await kit.open({ view: 'RegisterAccountName' })
  return { kit, signed, api: kit.api ?? expect.fail('the kit has an api client') }
}

/** Every distinct name-service state the store goes through while `run` runs. */
async function statesDuring(kit: AppKit, run: () => Promise<unknown>): Promise<NameServiceState[]> {
  const seen: NameServiceState[] = []
  const stop = kit.subscribeState((state) => {
    const names = namesState(state)
    if (seen.at(-1) !== names) seen.push(names)
  })
  try {
    await run()
  } finally {
    stop()
  }
  return seen
}

const registered = (request: NamesRequest): NamesAnswer => {
  const { message } = request.body as { message: string }
  return { status: 200, body: nameRecord((JSON.parse(message) as { name: string }).name, account.address) }
}

describe('the name service', () => {
  it('NAME-03 fetching suggestions sets loading true, then fills suggestions and sets loading false', async () => {
    const suggestions = [
      { name: 'alice-1.pairwise.eth', registered: false },
      { name: 'alice-2.pairwise.eth', registered: false },
    ]
    await service(() => ({ status: 200, body: { suggestions } }))
    const { kit } = namesKit([anvil], server.url)
    cleanups.push(() => kit.destroy())
    const api = kit.api ?? expect.fail('api')
    expect(namesState(kit.store.get())).toEqual({ suggestions: [], loading: false })
    const states = await statesDuring(kit, () => getSuggestions(kit.context, api, 'alice'))
    expect(states).toEqual([
      { suggestions: [], loading: true },
      { suggestions, loading: true },
      { suggestions, loading: false },
    ])
    expect(server.requests[0]?.path).toBe('/v1/names/suggestions/alice')
  })

  it('ERR-05 a failed suggestions fetch ends loading and fails with its text', async () => {
    await service(() => ({ status: 503, body: {} }))
    const { kit } = namesKit([anvil], server.url)
    cleanups.push(() => kit.destroy())
    await expect(getSuggestions(kit.context, kit.api ?? expect.fail('api'), 'alice')).rejects.toThrow(
      'Error fetching name suggestions',
    )
    expect(namesState(kit.store.get())).toEqual({ suggestions: [], loading: false })
  })

  it('a lookup that finds the name says registered, a 404 says free, any other failure is the lookup error (ERR-03)', async () => {
    await service(({ path }) =>
      path.startsWith('/v1/names/alice')
        ? { status: 200, body: nameRecord('alice.pairwise.eth', alice) }
        : path.startsWith('/v1/names/bob')
          ? refusal(404, 'Name not found')
          : refusal(400, 'Name must end with .pairwise.eth'),
    )
    const { kit } = namesKit([anvil], server.url)
    cleanups.push(() => kit.destroy())
    const api = kit.api ?? expect.fail('api')
    expect(await isNameRegistered(api, 'alice.pairwise.eth')).toBe(true)
    expect(await isNameRegistered(api, 'bobby.pairwise.eth')).toBe(false)
    await expect(isNameRegistered(api, 'carol.eth')).rejects.toThrow('Name must end with .pairwise.eth')
  })

  it('ERR-06 the reverse lookup sets the account’s profile name, and a failed one fails with its text', async () => {
    let reverse: NamesAnswer = { status: 200, body: [] }
    const { kit, api } = await loggedIn(() => reverse)
    expect(await loadProfileName(kit.context, api)).toBeUndefined()
    expect(kit.store.get().account.profileName).toBeUndefined()
    reverse = { status: 200, body: [nameRecord('bob-01.pairwise.eth', account.address)] }
    expect(await loadProfileName(kit.context, api)).toBe('bob-01.pairwise.eth')
    expect(kit.store.get().account.profileName).toBe('bob-01.pairwise.eth')
    expect(server.requests.at(-1)?.path).toBe(`/v1/names/reverse/${account.address}`)
    reverse = { status: 500, body: {} }
    await expect(loadProfileName(kit.context, api)).rejects.toThrow(/^Error fetching names for address$/)
  })

  it('a reverse-looked-up name is shown only when it is one the service registers, under the zone, for this account', async () => {
    // What an old or hostile api could answer: look-alikes of other scripts, bidi and invisible controls,
    // capitals the service never stores, another zone, an address-like text, a page of text, a name it
    // says is another address's.
    const unshown = [
      nameRecord('аlice-01.pairwise.eth', account.address),
      nameRecord('alice\u202e10-.pairwise.eth', account.address),
      nameRecord('ali\u200dce-01.pairwise.eth', account.address),
      nameRecord('Alice-01.pairwise.eth', account.address),
      nameRecord('-alice.pairwise.eth', account.address),
      nameRecord('vitalik.eth', account.address),
      nameRecord('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', account.address),
      nameRecord('<b>alice</b>.pairwise.eth', account.address),
      nameRecord(`${'a'.repeat(64)}.pairwise.eth`, account.address),
      nameRecord('alice-01.pairwise.eth', alice),
    ]
    let reverse: NamesAnswer = { status: 200, body: [] }
    const { kit, api } = await loggedIn(() => reverse)
    for (const record of unshown) {
      reverse = { status: 200, body: [record] }
      expect(await loadProfileName(kit.context, api), record.name).toBeUndefined()
      expect(kit.store.get().account.profileName, record.name).toBeUndefined()
    }
    reverse = { status: 200, body: [...unshown, nameRecord('alice-01.pairwise.eth', account.address)] }
    expect(await loadProfileName(kit.context, api)).toBe('alice-01.pairwise.eth')
  })

  it('suggestions the service could not have registered are left out of the list', async () => {
    const suggestions = [
      { name: 'аlice-1.pairwise.eth', registered: false },
      { name: 'alice\u202e-2.pairwise.eth', registered: false },
      { name: 'alice-3.other.eth', registered: false },
      { name: 'alice-4.pairwise.eth', registered: false },
    ]
    await service(() => ({ status: 200, body: { suggestions } }))
    const { kit } = namesKit([anvil], server.url)
    cleanups.push(() => kit.destroy())
    const listed = [{ name: 'alice-4.pairwise.eth', registered: false }]
    expect(await getSuggestions(kit.context, kit.api ?? expect.fail('api'), 'alice')).toEqual(listed)
    expect(namesState(kit.store.get()).suggestions).toEqual(listed)
  })

  it('NAME-05 the registration message is JSON with name, attributes {} and timestamp in whole seconds', () => {
    const text = registrationMessage('alice-01.pairwise.eth', 1_767_225_600_999)
    expect(text).toBe('{"name":"alice-01.pairwise.eth","attributes":{},"timestamp":1767225600}')
    expect(Number.isInteger(JSON.parse(text).timestamp)).toBe(true)
  })

  it('NAME-04 NAME-06 registering sets loading, signs the message with the connected wallet, posts coin_type/address/message/signature and shows RegisterAccountNameSuccess', async () => {
    const { kit, api, signed } = await loggedIn(registered)
    const before = Math.floor(Date.now() / 1000)
    const states = await statesDuring(kit, () => registerName(kit.context, api, 'bob-01.pairwise.eth'))
    expect(states.map((s) => s.loading)).toEqual([true, false])
    expect(kit.store.get().router.view).toBe('RegisterAccountNameSuccess')
    expect(kit.store.get().account.profileName).toBe('bob-01.pairwise.eth')

    const post = server.requests.find((r) => r.method === 'POST')
    expect(post?.path).toBe('/v1/names')
    const body = post?.body as {
      coin_type: number
      address: string
      message: string
      signature: `0x${string}`
    }
    expect(Object.keys(body).sort()).toEqual(['address', 'coin_type', 'message', 'signature'])
    expect(body.coin_type).toBe(0x80007a69)
    expect(body.address).toBe(account.address)
    // NAME-05 on the wire: the message the wallet signed is the one posted.
    const message = JSON.parse(body.message) as { name: string; attributes: object; timestamp: number }
    expect(message).toEqual({ name: 'bob-01.pairwise.eth', attributes: {}, timestamp: expect.any(Number) })
    expect(message.timestamp).toBeGreaterThanOrEqual(before)
    expect(signed.map((raw) => hexToString(raw as `0x${string}`))).toEqual([body.message])
    expect(
      await verifyMessage({ address: account.address, message: body.message, signature: body.signature }),
    ).toBe(true)
  })

  it('a name typed with capitals is the account’s name as the service registered it, in lower case', async () => {
    const normalised = (request: NamesRequest): NamesAnswer => {
      const { message } = request.body as { message: string }
      const { name } = JSON.parse(message) as { name: string }
      return { status: 200, body: nameRecord(name.toLowerCase(), account.address) }
    }
    const { kit, api } = await loggedIn(normalised)
    await registerName(kit.context, api, 'Bob-01.pairwise.eth')
    expect(kit.store.get().account.profileName).toBe('bob-01.pairwise.eth')
  })

  it('a registration answered with a name other than the one asked for fails, and the account gets no name', async () => {
    for (const answered of ['bob-02.pairwise.eth', 'bоb-01.pairwise.eth', 'bob\u202e-01.pairwise.eth']) {
      const { kit, api } = await loggedIn(({ method }) =>
        method === 'POST'
          ? { status: 200, body: nameRecord(answered, account.address) }
          : { status: 200, body: [] },
      )
      await expect(registerName(kit.context, api, 'bob-01.pairwise.eth'), answered).rejects.toThrow(
        /^Error registering name bob-01\.pairwise\.eth$/,
      )
      expect(kit.store.get().account.profileName, answered).toBeUndefined()
      expect(kit.store.get().router.view, answered).toBe('RegisterAccountName')
    }
  })

  it('NAME-04 ERR-07 a refused registration returns to RegisterAccountName with loading false and the service’s first reason', async () => {
    const { kit, api } = await loggedIn(({ method }) =>
      method === 'POST' ? refusal(409, 'Name is already taken') : { status: 200, body: [] },
    )
    const states = await statesDuring(kit, () =>
      expect(registerName(kit.context, api, 'bob-01.pairwise.eth')).rejects.toThrow(
        /^Name is already taken$/,
      ),
    )
    expect(states.map((s) => s.loading)).toEqual([true, false])
    expect(kit.store.get().router.view).toBe('RegisterAccountName')
    expect(kit.store.get().account.profileName).toBeUndefined()
  })

  it('a registration answered after the visitor closed the modal leaves the view opened since in place', async () => {
    const { kit, api } = await loggedIn(registered)
    const registering = registerName(kit.context, api, 'bob-01.pairwise.eth')
    closeByVisitor(kit.context)
    await kit.open({ view: 'Networks' })
    await registering
    expect(kit.store.get()).toMatchObject({ open: true, router: { view: 'Networks' } })
    expect(kit.store.get().account.profileName).toBe('bob-01.pairwise.eth')
  })

  it('a registration refused after the visitor went back to Account does not take them back to the form', async () => {
    const { kit, api } = await loggedIn(({ method }) =>
      method === 'POST' ? refusal(409, 'Name is already taken') : { status: 200, body: [] },
    )
    const registering = registerName(kit.context, api, 'bob-01.pairwise.eth')
    reset(kit.context, { view: 'Account' })
    await expect(registering).rejects.toThrow('Name is already taken')
    expect(kit.store.get().router.view).toBe('Account')
  })

  it("ERR-07 a failed registration without a reason shows 'Error registering name {name}' with the name filled in", async () => {
    const { kit, api } = await loggedIn(({ method }) =>
      method === 'POST' ? { status: 500, body: { message: 'boom' } } : { status: 200, body: [] },
    )
    await expect(registerName(kit.context, api, 'bob-01.pairwise.eth')).rejects.toThrow(
      /^Error registering name bob-01\.pairwise\.eth$/,
    )
    expect(kit.store.get().router.view).toBe('RegisterAccountName')
    expect(namesState(kit.store.get()).loading).toBe(false)
  })

  it("ERR-08 registering with no active network fails with 'Network not found'", async () => {
    const { kit, api } = await loggedIn(registered)
    kit.store.set({ activeNetwork: undefined })
    await expect(registerName(kit.context, api, 'bob-01.pairwise.eth')).rejects.toThrow(/^Network not found$/)
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it("ERR-09 registering with no address, or with a wallet that is not the auth connector, fails with 'Address or auth connector not found'", async () => {
    await service(registered)
    const { kit, frame } = namesKit([anvil], server.url)
    cleanups.push(() => kit.destroy())
    signingFrame(frame, account)
    const api = kit.api ?? expect.fail('api')
    await expect(registerName(kit.context, api, 'bob-01.pairwise.eth')).rejects.toThrow(
      /^Address or auth connector not found$/,
    )

    const injected = injectedKit({
      options: { networks: [anvil], projectId: 'p1', apiUrl: server.url },
      environment: { fetch: (i, o) => fetch(i, o) },
    })
    cleanups.push(() => injected.kit.destroy())
    await injected.kit.connect('injected')
    expect(injected.kit.getAddress()).toBe(alice)
    const injectedApi = injected.kit.api ?? expect.fail('api')
    await expect(registerName(injected.kit.context, injectedApi, 'alice-01.pairwise.eth')).rejects.toThrow(
      /^Address or auth connector not found$/,
    )
    expect(injected.provider.methods()).not.toContain('personal_sign')
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it("ERR-47 a registration on a chain id of 2147483648 or more fails with 'Invalid chainId' before the wallet is asked", async () => {
    const { kit, api, signed } = await loggedIn(registered)
    const active = kit.store.get().activeNetwork ?? expect.fail('network')
    kit.store.set({ activeNetwork: { ...active, id: 2147483648 } })
    await expect(registerName(kit.context, api, 'bob-01.pairwise.eth')).rejects.toThrow(/^Invalid chainId$/)
    expect(signed).toEqual([])
    expect(kit.store.get().router.view).toBe('RegisterAccountName')
  })
})
