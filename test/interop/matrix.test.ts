import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, type Hex, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { verifySiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RunningRelay, silentLogger, startRelay } from '../../services/relay/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'
import {
  type Implementation,
  nextSideEvent,
  official221,
  official225,
  ours,
  type SignSide,
} from './support/sides.js'
import { personalSign, within } from './support/signFlow.js'
import {
  LOCAL_CHAIN,
  REJECTED_MESSAGE,
  runWalletAgent,
  USER_REJECTED,
  walletAccount,
  walletEvents,
  walletMethods,
  walletNamespaces,
} from './support/walletAgent.js'

/** Anvil's account 5: receives the test transfers, untouched by anything else. */
const recipient = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
const transferred = parseEther('0.01')
const STEP_MS = 20_000
const SEVEN_DAYS = 604_800

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}

const cells: [dapp: Implementation, wallet: Implementation][] = [
  [ours, official225],
  [ours, official221],
  [official225, ours],
  [official221, ours],
  [ours, ours],
]

const directory = mkdtempSync(join(tmpdir(), 'pairwise-matrix-'))
let chain: ChainFixture
let snapshot: Hex
let relay: RunningRelay | undefined
const opened: [Implementation, SignSide][] = []

beforeAll(async () => {
  chain = await startChainFixture()
  snapshot = await chain.snapshot()
}, 60_000)

afterEach(async () => {
  await Promise.all(opened.splice(0).map(([implementation, side]) => implementation.close(side)))
  await relay?.close()
  relay = undefined
  await chain.revert(snapshot)
  snapshot = await chain.snapshot()
})

afterAll(async () => {
  await chain?.stop()
  rmSync(directory, { recursive: true, force: true })
})

/**
 * The relay keeps its mailbox in SQLite, so a restart on the same file and port loses nothing a client
 * published; `rejectBadAuth` makes every client's relay JWT count.
 */
async function startMailboxRelay(file: string, port = 0): Promise<RunningRelay> {
  return startRelay({ port, store: `sqlite:${file}`, rejectBadAuth: true, logger: silentLogger })
}

async function open(implementation: Implementation, role: 'dapp' | 'wallet', url: string): Promise<SignSide> {
  const side = await implementation.make(role, url)
  opened.push([implementation, side])
  return side
}

function sign(dapp: SignSide, topic: string, text: string): Promise<void> {
  return personalSign(dapp, topic, walletAccount.address, text, STEP_MS)
}

async function sendTransaction(dapp: SignSide, topic: string): Promise<void> {
  const balance = () => chain.publicClient.getBalance({ address: recipient.address })
  const before = await balance()
  const hash = await within(
    dapp.request<Hex>({
      topic,
      chainId: LOCAL_CHAIN,
      request: {
        method: 'eth_sendTransaction',
        params: [{ from: walletAccount.address, to: recipient.address, value: toHex(transferred) }],
      },
    }),
    STEP_MS,
    'eth_sendTransaction',
  )
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash })
  expect(receipt).toMatchObject({ status: 'success', from: walletAccount.address.toLowerCase() })
  expect(receipt.to?.toLowerCase()).toBe(recipient.address.toLowerCase() as Address)
  expect((await balance()) - before).toBe(transferred)
}

async function signIn(dapp: SignSide, wallet: SignSide): Promise<string> {
  const nonce = `matrix${Date.now()}`
  const { uri, response } = await dapp.authenticate({
    chains: [LOCAL_CHAIN],
    domain: 'dapp.example',
    uri: 'https://dapp.example/login',
    nonce,
    methods: ['personal_sign'],
  })
  expect(uri).toContain('methods=wc_sessionAuthenticate')
  await within(wallet.pair({ uri }), STEP_MS, 'pair() for sign-in')
  const { auths, session } = await within(response(), STEP_MS, 'authenticate response()')
  const cacao = auths?.[0]
  if (!cacao || !session) throw new Error('sign-in answered without a CACAO and a session')
  const iss = `did:pkh:${LOCAL_CHAIN}:${walletAccount.address}`
  expect(cacao.p.iss).toBe(iss)
  const message = dapp.formatAuthMessage({ request: { ...cacao.p, chains: [LOCAL_CHAIN] }, iss })
  const verified = await verifySiweMessage(chain.publicClient, {
    message,
    signature: cacao.s.s as Hex,
    address: walletAccount.address,
    domain: 'dapp.example',
    nonce,
  })
  expect(verified).toBe(true)
  expect(session.namespaces.eip155?.accounts).toEqual([`${LOCAL_CHAIN}:${walletAccount.address}`])
  expect(session.namespaces.eip155?.methods).toEqual(['personal_sign'])
  expect(wallet.session.keys).toContain(session.topic)
  expect(wallet.auth.requests.length).toBe(0)
  return session.topic
}

/** One matrix cell: the whole Sign flow between `dappSide` and `walletSide` through our relay. */
async function runCell(dappSide: Implementation, walletSide: Implementation): Promise<void> {
  const file = join(directory, `${dappSide.name}-${walletSide.name}-${Date.now()}.db`.replace(/ /g, '_'))
  relay = await startMailboxRelay(file)
  const dapp = await open(dappSide, 'dapp', relay.url)
  const wallet = await open(walletSide, 'wallet', relay.url)
  runWalletAgent(wallet, walletSide, chain.rpcUrl)

  const requested = { eip155: { chains: [LOCAL_CHAIN], methods: walletMethods, events: walletEvents } }
  const proposal = nextSideEvent(wallet, 'session_proposal')
  const { uri, approval } = await dapp.connect({ optionalNamespaces: requested })
  if (!uri) throw new Error('connect() gave no pairing URI')
  await within(wallet.pair({ uri }), STEP_MS, 'pair()')
  const proposed = await proposal
  expect(proposed.params).toMatchObject({
    id: proposed.id,
    pairingTopic: uri.slice(3, 67),
    expiryTimestamp: expect.any(Number),
    proposer: {
      publicKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      metadata: { name: 'Pairwise interop dapp' },
    },
    optionalNamespaces: requested,
    relays: [{ protocol: 'irn' }],
  })
  expect(proposed.verifyContext.verified.validation).toBe('UNKNOWN')
  const session = await within(approval(), STEP_MS, 'approval()')
  const { topic } = session
  expect(session.namespaces).toEqual(walletNamespaces())
  expect(session.peer.metadata.name).toBe('Pairwise interop wallet')
  const walletSession = wallet.session.get(topic)
  expect(walletSession.peer.metadata.name).toBe('Pairwise interop dapp')
  // The wallet is the controller on both sides, and its session is acknowledged by the dapp's settle answer.
  expect([session.controller, walletSession.controller]).toEqual([
    walletSession.self.publicKey,
    walletSession.self.publicKey,
  ])
  await within(
    waitFor(() => wallet.session.get(topic).acknowledged),
    STEP_MS,
    'settle acknowledged',
  )

  await sign(dapp, topic, `matrix: ${dappSide.name} → ${walletSide.name}`)
  await sendTransaction(dapp, topic)
  await expect(
    dapp.request({
      topic,
      chainId: LOCAL_CHAIN,
      request: { method: 'personal_sign', params: [REJECTED_MESSAGE, walletAccount.address] },
    }),
  ).rejects.toMatchObject(USER_REJECTED)

  const widened = walletNamespaces([LOCAL_CHAIN, 'eip155:1'])
  const updated = nextSideEvent(dapp, 'session_update')
  const update = await wallet.update({ topic, namespaces: widened })
  await within(Promise.all([update.acknowledged(), updated]), STEP_MS, 'update')
  expect([dapp.session.get(topic).namespaces, wallet.session.get(topic).namespaces]).toEqual([
    widened,
    widened,
  ])

  const extended = nextSideEvent(dapp, 'session_extend')
  const extendedAt = Math.floor(Date.now() / 1000)
  const extend = await wallet.extend({ topic })
  await within(Promise.all([extend.acknowledged(), extended]), STEP_MS, 'extend')
  for (const side of [dapp, wallet])
    expect(side.session.get(topic).expiry - extendedAt).toBeGreaterThanOrEqual(SEVEN_DAYS - 5)

  await within(dapp.ping({ topic }), STEP_MS, 'ping from the dapp')
  await within(wallet.ping({ topic }), STEP_MS, 'ping from the wallet')

  const event = nextSideEvent(dapp, 'session_event')
  await wallet.emit({
    topic,
    chainId: LOCAL_CHAIN,
    event: { name: 'accountsChanged', data: [walletAccount.address] },
  })
  expect((await within(event, STEP_MS, 'session event')).params.event).toEqual({
    name: 'accountsChanged',
    data: [walletAccount.address],
  })

  const { port } = relay
  await relay.close()
  if (dappSide.requestsWhileRelayDown) {
    // The request leaves while the relay is down: it waits in the dapp's outbox, reaches the restarted
    // relay's mailbox and is answered once both sides have reconnected.
    const sentDuringOutage = sign(dapp, topic, 'sent while the relay was down')
    await new Promise((resolve) => setTimeout(resolve, 500))
    relay = await startMailboxRelay(file, port)
    await sentDuringOutage
  } else {
    relay = await startMailboxRelay(file, port)
  }
  await sign(dapp, topic, 'after the relay restarted')
  // One socket per side once reconnection settles: a client may briefly hold a second one while it reconnects
  // (the official one does when the machine is slow: a CI run under load saw it past 20 s), but none may stay.
  // 2.21.5's reconnect bug (Implementation.requestsWhileRelayDown) can leave it holding the sockets of its
  // retries, as a busy CI run saw after 60 s; our side is held to one socket in every cell without 2.21.5.
  const restarted = relay
  if (dappSide.requestsWhileRelayDown && walletSide.requestsWhileRelayDown)
    await expect.poll(() => restarted.stats().connections, { timeout: 60_000 }).toBe(2)

  const deleted = nextSideEvent(wallet, 'session_delete')
  await dapp.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
  expect((await within(deleted, STEP_MS, 'session delete')).topic).toBe(topic)
  expect([dapp.session.keys, wallet.session.keys]).not.toContainEqual(expect.arrayContaining([topic]))

  const signedIn = await signIn(dapp, wallet)
  await sign(dapp, signedIn, 'signed in')
}

describe('interop matrix through the Pairwise relay (SQLite mailbox)', () => {
  it.each(
    cells.map(([dapp, wallet]) => [`${dapp.name} dapp ↔ ${wallet.name} wallet`, dapp, wallet] as const),
  )(
    'WC-01 WC-03 WC-09 WC-10 WC-11 WC-17 WC-18 WC-19 ROLE-01 %s: pair, approve, sign, transact, update, extend, ping, emit, relay restart, disconnect, authenticate',
    (_name, dapp, wallet) => runCell(dapp, wallet),
    180_000,
  )
})
