import type { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { type Address, type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { inBackground } from './inBackground.js'

/** Anvil's first well-known account: a real EOA key, so signatures verify with no chain involved. */
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const CHAIN = 'eip155:31337'

export type SignClientClass = typeof SignClient
export type SignClientInstance = Awaited<ReturnType<SignClientClass['init']>>

export type FlowTimings = Record<
  'init' | 'connectUri' | 'settled' | 'request' | 'update' | 'extend' | 'pings' | 'event' | 'delete',
  number
>

/** Rejects with a message naming the step when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, step: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} did not finish within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function nextEvent(
  client: SignClientInstance,
  name: 'session_update' | 'session_extend' | 'session_event' | 'session_delete',
) {
  return new Promise<unknown>((resolve) => client.once(name, resolve))
}

async function initClient(
  SignClientType: SignClientClass,
  role: 'dapp' | 'wallet',
  relayUrl: string,
  label: string,
): Promise<SignClientInstance> {
  return SignClientType.init({
    projectId: 'pairwise-interop',
    relayUrl,
    // One client id per client: with a shared global core both would be one client to the relay.
    customStoragePrefix: `${label}-${role}-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: {
      name: `Pairwise interop ${role}`,
      description: 'interop test',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
}

/** Closes a client's socket and timers so the test process has nothing left running. */
export async function shutDownClient(client: SignClientInstance): Promise<void> {
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
  client.removeAllListeners('session_proposal')
  client.removeAllListeners('session_request')
}

export type Paired = {
  dapp: SignClientInstance
  wallet: SignClientInstance
  topic: string
  account: ReturnType<typeof privateKeyToAccount>
}

/**
 * Inits an official dapp client and an official wallet client, each on its own relay URL, and runs
 * pairing, proposal, approval and settle. The wallet answers every personal_sign it is sent.
 */
export async function pairClients(params: {
  SignClient: SignClientClass
  dappRelayUrl: string
  walletRelayUrl: string
  label: string
  clients: SignClientInstance[]
  lap?: (step: 'init' | 'connectUri' | 'settled') => void
}): Promise<Paired> {
  const { SignClient: SignClientType, dappRelayUrl, walletRelayUrl, label, clients, lap = () => {} } = params
  const account = privateKeyToAccount(ANVIL_KEY)
  const dapp = await initClient(SignClientType, 'dapp', dappRelayUrl, label)
  clients.push(dapp)
  const wallet = await initClient(SignClientType, 'wallet', walletRelayUrl, label)
  clients.push(wallet)
  lap('init')

  wallet.on('session_proposal', (proposal) => {
    inBackground(
      wallet
        .approve({ id: proposal.id, namespaces: walletNamespaces(account.address) })
        .then(({ acknowledged }) => acknowledged()),
    )
  })
  wallet.on('session_request', (request) => {
    const [message] = request.params.request.params as [Hex, string]
    inBackground(
      account.signMessage({ message: { raw: message } }).then((signature) =>
        wallet.respond({
          topic: request.topic,
          response: { id: request.id, jsonrpc: '2.0', result: signature },
        }),
      ),
    )
  })

  const { uri, approval } = await within(
    dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
      },
    }),
    15_000,
    'connect()',
  )
  if (!uri) throw new Error('connect() returned no pairing URI')
  lap('connectUri')
  await within(wallet.pair({ uri }), 15_000, 'pair()')
  const session = await within(approval(), 15_000, 'approval()')
  lap('settled')
  return { dapp, wallet, topic: session.topic, account }
}

/** The request call of any Sign client, ours or an official one. */
export type Requester = {
  request<T>(params: {
    topic: string
    chainId: string
    request: { method: string; params: unknown }
  }): Promise<T>
}

/** A personal_sign of `text` from `dapp` on `topic`, verified with viem as `address`'s; rejects otherwise. */
export async function personalSign(
  dapp: Requester,
  topic: string,
  address: Address,
  text: string,
  timeoutMs = 15_000,
): Promise<void> {
  const message = toHex(text)
  const signature = await within(
    dapp.request<Hex>({
      topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [message, address] },
    }),
    timeoutMs,
    `personal_sign "${text}"`,
  )
  if (!(await verifyMessage({ address, message: { raw: message }, signature })))
    throw new Error('the personal_sign signature does not verify')
}

/** A personal_sign from the dapp, answered by the wallet, verified with viem; rejects otherwise. */
export function signThroughSession(paired: Paired, text: string, timeoutMs = 15_000): Promise<void> {
  return personalSign(paired.dapp, paired.topic, paired.account.address, text, timeoutMs)
}

function walletNamespaces(address: string, chains: string[] = [CHAIN]): SessionTypes.Namespaces {
  return {
    eip155: {
      chains,
      methods: ['personal_sign'],
      events: ['accountsChanged', 'chainChanged'],
      accounts: chains.map((chain) => `${chain}:${address}`),
    },
  }
}

/**
 * The whole Sign flow between an official dapp client and an official wallet client, each on its own
 * relay URL: pairing, proposal, approval, settle, personal_sign (verified), update, extend, ping both
 * ways, an event and delete. Resolves with how long each step took, in milliseconds.
 */
export async function runSignFlow(params: {
  SignClient: SignClientClass
  dappRelayUrl: string
  walletRelayUrl: string
  label: string
  clients: SignClientInstance[]
}): Promise<FlowTimings> {
  const timings: Partial<FlowTimings> = {}
  let mark = performance.now()
  const lap = (step: keyof FlowTimings) => {
    const at = performance.now()
    timings[step] = Math.round((at - mark) * 10) / 10
    mark = at
  }
  const paired = await pairClients({ ...params, lap })
  const { dapp, wallet, topic, account } = paired

  await signThroughSession(paired, `Pairwise interop: ${params.label}`)
  lap('request')

  const updated = nextEvent(dapp, 'session_update')
  const update = await wallet.update({
    topic,
    namespaces: walletNamespaces(account.address, [CHAIN, 'eip155:1']),
  })
  await within(Promise.all([update.acknowledged(), updated]), 15_000, 'update')
  if (!dapp.session.get(topic).namespaces.eip155?.accounts.includes(`eip155:1:${account.address}`))
    throw new Error('the dapp did not apply the update')
  lap('update')

  const extended = nextEvent(dapp, 'session_extend')
  const extend = await wallet.extend({ topic })
  await within(Promise.all([extend.acknowledged(), extended]), 15_000, 'extend')
  lap('extend')

  await within(dapp.ping({ topic }), 15_000, 'ping from the dapp')
  await within(wallet.ping({ topic }), 15_000, 'ping from the wallet')
  lap('pings')

  const event = nextEvent(dapp, 'session_event')
  await wallet.emit({ topic, chainId: CHAIN, event: { name: 'accountsChanged', data: [account.address] } })
  const received = (await within(event, 15_000, 'session event')) as { params: { event: { name: string } } }
  if (received.params.event.name !== 'accountsChanged') throw new Error('wrong event received')
  lap('event')

  const deleted = nextEvent(dapp, 'session_delete')
  await wallet.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
  await within(deleted, 15_000, 'session delete')
  lap('delete')
  return timings as FlowTimings
}
