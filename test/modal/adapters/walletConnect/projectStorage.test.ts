import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { UniversalProvider } from '../../../../engine/index.js'
import { createEngineTransport } from '../../../../modal/adapters/walletConnect/engineTransport.js'
import { adoptUnprefixedItems, type Locks } from '../../../../modal/adapters/walletConnect/projectStorage.js'
import type { WalletConnectTransport } from '../../../../modal/adapters/walletConnectTransport.js'
import type { CaipNetwork } from '../../../../modal/networks/types.js'
import { type KeyValueStorage, MemoryStorage } from '../../../../storage/index.js'
import { nextEvent, useTestRelay, walletMetadata } from '../../../engine/support/harness.js'
import { alice, anvilPair, bob, unreachableRpcUrl } from '../../support/kit.js'

const harness = useTestRelay()

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

const opened: WalletConnectTransport[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map(close))
})

const providerOf = (transport: WalletConnectTransport) => transport.provider as unknown as UniversalProvider
const close = (transport: WalletConnectTransport) => providerOf(transport).close()
const topicOf = (transport: WalletConnectTransport) => providerOf(transport).session?.topic

/** A modal instance's WalletConnect transport over the page's `storage`, as createAppKit makes it. */
async function open(
  storage: KeyValueStorage,
  projectId: string | undefined,
): Promise<WalletConnectTransport> {
  const transport = await createEngineTransport({
    relayUrl: harness.relay.url,
    projectId,
    networks: [anvil, anvil2],
    storage,
  })
  opened.push(transport)
  return transport
}

/** The instance connects a wallet that approves `account` on the local chain; the wallet stays open. */
async function connectWallet(transport: WalletConnectTransport, account: string) {
  let shown: (uri: string) => void = () => {}
  const uri = new Promise<string>((resolve) => {
    shown = resolve
  })
  const connecting = transport.connect({ networks: [anvil, anvil2], onUri: (given) => shown(given) })
  const wallet = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
  const proposed = nextEvent(wallet, 'session_proposal')
  await wallet.pair({ uri: await uri })
  const { id } = await proposed
  await wallet.approve({
    id,
    namespaces: {
      eip155: {
        chains: ['eip155:31337'],
        accounts: [`eip155:31337:${account}`],
        methods: ['personal_sign'],
        events: ['chainChanged', 'accountsChanged'],
      },
    },
  })
  await connecting
  const topic = topicOf(transport)
  if (topic === undefined) throw new Error('the instance holds no session after connecting')
  return { wallet, topic }
}

/** `storage` as a tab closed during its `write`th write leaves it: that write fails, the ones before it are kept. */
function closedAtWrite(storage: KeyValueStorage, write: number): KeyValueStorage {
  let writes = 0
  return {
    getKeys: () => storage.getKeys(),
    getEntries: () => storage.getEntries(),
    getItem: (key) => storage.getItem(key),
    async setItem(key, value) {
      writes += 1
      if (writes === write) throw new Error('the tab was closed')
      await storage.setItem(key, value)
    },
    removeItem: (key) => storage.removeItem(key),
  }
}

/** The browser's LockManager as far as an exclusive request goes: the callbacks for one name run one at a time. */
function exclusiveLocks(): Locks {
  const queues = new Map<string, Promise<unknown>>()
  return {
    request(name, callback) {
      const granted = (queues.get(name) ?? Promise.resolve()).then(() => callback())
      queues.set(
        name,
        granted.catch(() => undefined),
      )
      return granted
    },
  }
}

/** A storage holding the session an instance without a projectId connected; the wallet stays open. */
async function projectlessSession() {
  const storage = new MemoryStorage()
  const plain = await open(storage, undefined)
  const session = await connectWallet(plain, alice)
  const namespaces = providerOf(plain).namespaces
  await leave(plain)
  return { storage, namespaces, ...session }
}

/** Closes the instance, as the page it lived in is left; its storage stays. */
async function leave(transport: WalletConnectTransport): Promise<void> {
  opened.splice(opened.indexOf(transport), 1)
  await close(transport)
}

describe('WalletConnect sessions of modal instances on one origin, per project', () => {
  it("instances of two projects over one storage each restore their own session, never the other's", async () => {
    const storage = new MemoryStorage()
    const alpha = await open(storage, 'alpha')
    const alphaSession = await connectWallet(alpha, alice)
    await leave(alpha)

    const beta = await open(storage, 'beta')
    expect(await beta.restore()).toBeUndefined()
    const betaSession = await connectWallet(beta, bob)
    await leave(beta)

    const alphaAgain = await open(storage, 'alpha')
    const betaAgain = await open(storage, 'beta')
    expect(topicOf(alphaAgain)).toBe(alphaSession.topic)
    expect((await alphaAgain.restore())?.accounts).toEqual([alice])
    expect(topicOf(betaAgain)).toBe(betaSession.topic)
    expect((await betaAgain.restore())?.accounts).toEqual([bob])
    expect(await storage.getKeys()).toEqual(
      expect.arrayContaining([
        `wc@2:alpha:client:0.3:session/${alphaSession.topic}`,
        `wc@2:beta:client:0.3:session/${betaSession.topic}`,
      ]),
    )
  })

  it("one project's disconnect leaves the other project's session connected", async () => {
    const storage = new MemoryStorage()
    const alpha = await open(storage, 'alpha')
    const { topic } = await connectWallet(alpha, alice)
    const beta = await open(storage, 'beta')
    await beta.disconnect()
    await leave(alpha)
    expect(topicOf(await open(storage, 'alpha'))).toBe(topic)
  })

  it("an instance without a projectId keeps its session under today's keys", async () => {
    const storage = new MemoryStorage()
    const plain = await open(storage, undefined)
    const { topic } = await connectWallet(plain, alice)
    await leave(plain)
    expect(await storage.getKeys()).toEqual(
      expect.arrayContaining([
        `wc@2:client:0.3:session/${topic}`,
        `wc@2:core:0.3:keychain/${topic}`,
        'wc@2:universal_provider:/namespaces',
      ]),
    )
    expect(topicOf(await open(storage, undefined))).toBe(topic)
  })

  it("a projectId holding the keys' separators reaches no other project's keys", async () => {
    const storage = new MemoryStorage()
    const tricky = 'alpha:client:0.3:session/x'
    const trickyInstance = await open(storage, tricky)
    const { topic } = await connectWallet(trickyInstance, alice)
    await leave(trickyInstance)
    await leave(await open(storage, 'alpha'))
    expect(topicOf(await open(storage, tricky))).toBe(topic)
  })
})

describe('a WalletConnect session kept before sessions were per project', () => {
  it('is moved to the first project instance that loads, which speaks over it', async () => {
    const { storage, wallet, topic, namespaces } = await projectlessSession()

    const alpha = await open(storage, 'alpha')
    expect(topicOf(alpha)).toBe(topic)
    expect(providerOf(alpha).namespaces).toEqual(namespaces)
    wallet.once('session_request', ({ id, topic }) =>
      harness.pool.inBackground(wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: '0x5ig' } })),
    )
    expect(await alpha.request({ method: 'personal_sign', params: ['0x6869', alice] }, 'eip155:31337')).toBe(
      '0x5ig',
    )
    expect(
      (await storage.getKeys()).filter((key) => key.startsWith('wc@2:') && !key.includes(':alpha:')),
    ).toEqual([])

    expect(await (await open(storage, 'beta')).restore()).toBeUndefined()
    expect(await (await open(storage, undefined)).restore()).toBeUndefined()
  })

  it('is not taken by a project instance that loaded before', async () => {
    const storage = new MemoryStorage()
    await leave(await open(storage, 'alpha'))
    const plain = await open(storage, undefined)
    const { topic } = await connectWallet(plain, alice)
    await leave(plain)

    expect(await (await open(storage, 'alpha')).restore()).toBeUndefined()
    expect(topicOf(await open(storage, undefined))).toBe(topic)
  })

  it('is not taken by a project instance loading first after another project instance loaded', async () => {
    const storage = new MemoryStorage()
    await leave(await open(storage, 'alpha'))
    const plain = await open(storage, undefined)
    const { topic } = await connectWallet(plain, alice)
    await leave(plain)

    expect(await (await open(storage, 'beta')).restore()).toBeUndefined()
    expect(topicOf(await open(storage, undefined))).toBe(topic)
  })

  it('is moved whole by the next load when a tab was closed while moving it', async () => {
    const { storage, topic } = await projectlessSession()
    await expect(open(closedAtWrite(storage, 3), 'alpha')).rejects.toThrow('the tab was closed')

    const alpha = await open(storage, 'alpha')
    expect(topicOf(alpha)).toBe(topic)
    expect((await alpha.restore())?.accounts).toEqual([alice])
  })

  it('is moved to one of two project instances loading at once in two tabs, not copied to both', async () => {
    const { storage, topic } = await projectlessSession()
    const locks = exclusiveLocks()
    await Promise.all(['alpha', 'beta'].map((prefix) => adoptUnprefixedItems(storage, prefix, locks)))
    const holders = (await storage.getKeys()).filter((key) => key.endsWith(`session/${topic}`))
    expect(holders).toHaveLength(1)
  })
})
