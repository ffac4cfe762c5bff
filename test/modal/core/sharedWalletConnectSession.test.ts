import { beforeAll, describe, expect, it } from 'vitest'
import { disconnect as wagmiDisconnect } from 'wagmi/actions'
import { disconnectForApp } from '../../../modal/adapters/disconnectForApp.js'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import type {
  AdapterContext,
  ChainAdapter,
  ConnectResult,
  Eip1193Provider,
} from '../../../modal/adapters/types.js'
import type { WalletConnectTransport } from '../../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../../modal/controllers/connection.js'
import type { ModalEventName } from '../../../modal/controllers/events.js'
import { multiNamespace } from '../../../modal/controllers/multiNamespace.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { CaipNetwork, EvmNetwork } from '../../../modal/networks/types.js'
import type { SIWXConfig } from '../../../modal/siwx/types.js'
import type { ConnectorInfo } from '../../../modal/state/types.js'
import { WagmiAdapter } from '../../../modal/wagmi/index.js'
import { MemorySIWX, settle } from '../siwx/flowSupport.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { FakeSolanaAdapter, solanaConnector } from '../support/fakeSolanaAdapter.js'
import { bob, createKit, evmNetwork, solanaMainnet, unreachableRpcUrl } from '../support/kit.js'
import { createPage } from '../support/page.js'

let anvil: EvmNetwork

beforeAll(async () => {
  anvil = evmNetwork(31337, await unreachableRpcUrl())
})

/** One WalletConnect session, its provider ending it as the engine's does: then it fires `disconnect`. */
function sharedSession() {
  const provider = Object.assign(new FakeProvider({ accounts: [bob], chainId: 31337 }), {
    disconnect: async () => {
      provider.granted = false
      provider.emit('disconnect')
    },
  })
  const transport: WalletConnectTransport = {
    provider,
    request: (args) => provider.request(args),
    restore: async () => (provider.granted ? session : undefined),
    connect: async () => {
      provider.granted = true
      return session
    },
    disconnect: () => provider.disconnect(),
  }
  const session = {
    accounts: [bob],
    chainId: 31337,
    namespaces: { solana: [`${solanaMainnet.caipNetworkId}:${new FakeSolanaAdapter().address}`] },
    peer: { name: 'Phone' },
  }
  return { transport, provider }
}

/**
 * The Solana side of the session as the Solana adapter holds it: it takes up the session the EVM side
 * opened, hears nothing of its end, and ends it (the app's `provider.disconnect()`) through the transport.
 */
class SessionSolanaAdapter extends FakeSolanaAdapter {
  #context: AdapterContext | undefined

  constructor(readonly transport: WalletConnectTransport) {
    super()
  }

  override setup(context: AdapterContext): () => void {
    this.#context = context
    return super.setup(context)
  }

  override connectors(): ConnectorInfo[] {
    return [
      solanaConnector,
      { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chainNamespace: 'solana' },
    ]
  }

  override async reconnect({
    connectorId,
    network,
  }: {
    connectorId: string
    network: CaipNetwork
  }): Promise<ConnectResult | undefined> {
    if (connectorId !== 'walletConnect' || !(await this.transport.restore())) return undefined
    return this.connect({ connectorId, network })
  }

  override async disconnect(connectorId: string): Promise<void> {
    if (connectorId === 'walletConnect') await this.transport.disconnect()
  }

  /** What the Solana provider's `disconnect()` runs. */
  disconnectForApp(connectorId: string): Promise<void> {
    return disconnectForApp(this.#context, connectorId, (id) => this.disconnect(id))
  }
}

/** An EVM adapter and the Solana one over one WalletConnect transport, as createAppKit shares it. */
function sessionKit(evm: ChainAdapter = new Eip155Adapter(), siwx?: SIWXConfig) {
  const { transport, provider } = sharedSession()
  const solana = Object.assign(new SessionSolanaAdapter(transport), { multiNamespace })
  const kit = createKit({
    options: { networks: [anvil, solanaMainnet], adapters: [evm, solana], ...(siwx ? { siwx } : {}) },
    environment: { target: createPage(), walletConnect: async () => transport },
  })
  const events: ModalEventName[] = []
  kit.subscribeEvents((event) => events.push(event.data.event))
  return { kit, solana, provider, disconnects: () => events.filter((e) => e === 'DISCONNECT_SUCCESS') }
}

/** EVM and Solana connected through one session, as one approval connects them both. */
async function sharedKit(evm?: ChainAdapter, siwx?: SIWXConfig) {
  const setup = sessionKit(evm, siwx)
  await setup.kit.ready()
  await connect(setup.kit.context, { connectorId: 'walletConnect', network: anvil })
  expect(connectorsOf(setup.kit)).toEqual({ eip155: ['walletConnect'], solana: ['walletConnect'] })
  return setup
}

function connectorsOf(kit: AppKit) {
  const { connections } = kit.store.get()
  return {
    eip155: connections.eip155?.connections.map((c) => c.connectorId) ?? [],
    solana: connections.solana?.connections.map((c) => c.connectorId) ?? [],
  }
}

const gone = { eip155: [], solana: [] }

describe('a WalletConnect session shared by EVM and Solana ends in both, however it ends', () => {
  it("the app's provider.disconnect() on the EVM side drops the Solana side too, reported once", async () => {
    const { kit, disconnects } = await sharedKit()
    await (kit.getProvider('eip155') as Eip1193Provider & { disconnect(): Promise<void> }).disconnect()
    expect(connectorsOf(kit)).toEqual(gone)
    expect(kit.store.get().account.status).toBe('disconnected')
    expect(disconnects()).toHaveLength(1)
  })

  it("the app's disconnect on the Solana side, whose end the EVM side hears first, is still reported, once", async () => {
    const { kit, solana, disconnects } = await sharedKit()
    await solana.disconnectForApp('walletConnect')
    expect(connectorsOf(kit)).toEqual(gone)
    expect(disconnects()).toHaveLength(1)
  })

  it("wagmi's disconnect drops the Solana side too, reported once", async () => {
    const wagmi = new WagmiAdapter({ networks: [anvil] })
    const { kit, disconnects } = await sharedKit(wagmi)
    await wagmiDisconnect(wagmi.wagmiConfig)
    expect(connectorsOf(kit)).toEqual(gone)
    expect(disconnects()).toHaveLength(1)
  })

  it('the wallet ending the session drops it on both sides, reporting no disconnect of its own', async () => {
    const { kit, provider, disconnects } = await sharedKit()
    provider.granted = false
    provider.emit('disconnect')
    expect(connectorsOf(kit)).toEqual(gone)
    expect(disconnects()).toEqual([])
  })

  it("the app's disconnect through a provider kept after the wallet ended the session reports nothing", async () => {
    const { kit, solana, provider, disconnects } = await sharedKit()
    provider.granted = false
    provider.emit('disconnect')
    await solana.disconnectForApp('walletConnect')
    expect(connectorsOf(kit)).toEqual(gone)
    expect(disconnects()).toEqual([])
  })

  it("the modal's own disconnect on the Solana side ends both, reported once", async () => {
    const { kit, disconnects } = await sharedKit()
    await kit.disconnect('solana')
    expect(connectorsOf(kit)).toEqual(gone)
    expect(disconnects()).toHaveLength(1)
  })

  it("another wallet's connection stays when the session ends", async () => {
    const { kit, provider } = sessionKit()
    await kit.connect('solflare', solanaMainnet)
    await connect(kit.context, { connectorId: 'walletConnect', network: anvil })
    provider.granted = false
    provider.emit('disconnect')
    expect(connectorsOf(kit)).toEqual({ eip155: [], solana: ['solflare'] })
  })
})

/** A sign-in config that counts its sign-outs: each clears the sessions, as the server's POST does. */
class CountingSIWX extends MemorySIWX {
  signOuts = 0

  override async setSessions(sessions: Parameters<MemorySIWX['setSessions']>[0]): Promise<void> {
    this.signOuts += 1
    await super.setSessions(sessions)
  }
}

describe('sign-in over a WalletConnect session shared by EVM and Solana', () => {
  it('the wallet ending the session signs out once, not once per namespace it served', async () => {
    const siwx = new CountingSIWX()
    const { kit, provider } = await sharedKit(undefined, siwx)
    provider.granted = false
    provider.emit('disconnect')
    await settle()
    expect(connectorsOf(kit)).toEqual(gone)
    expect(siwx.signOuts).toBe(1)
  })

  it("the modal's own disconnect of the session signs out once", async () => {
    const siwx = new CountingSIWX()
    const { kit } = await sharedKit(undefined, siwx)
    await kit.disconnect('solana')
    await settle()
    expect(connectorsOf(kit)).toEqual(gone)
    expect(siwx.signOuts).toBe(1)
  })
})
