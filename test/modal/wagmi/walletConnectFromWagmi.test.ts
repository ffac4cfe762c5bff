import { UserRejectedRequestError } from 'viem'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { connect, getAccount, getConnectors } from 'wagmi/actions'
import type {
  WalletConnectSession,
  WalletConnectTransport,
} from '../../../modal/adapters/walletConnectTransport.js'
import { connect as modalConnect } from '../../../modal/controllers/connection.js'
import type { ModalEventName } from '../../../modal/controllers/events.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { EvmNetwork } from '../../../modal/networks/types.js'
import { WagmiAdapter } from '../../../modal/wagmi/index.js'
import { FakeProvider, WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import { anvilPair, bob, createKit, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage } from '../support/page.js'

let anvil: EvmNetwork
let anvil2: EvmNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

const firstUri = 'wc:first@2?relay-protocol=irn&symKey=01'
const freshUri = 'wc:fresh@2?relay-protocol=irn&symKey=02'

/**
 * A WalletConnect transport whose pairing waits for the test: `expire` issues a fresh URI as the engine does
 * after an unanswered proposal, `approve` is the wallet's answer, and an abort fails it as the engine's
 * withdrawn pairing does (a user rejection).
 */
function waitingTransport(session: WalletConnectSession) {
  const pairing = { expire: () => {}, approve: () => {}, cancelled: false, started: 0, ended: 0 }
  // As the engine's provider: its own disconnect ends the session, and it then fires `disconnect`.
  const provider = Object.assign(new FakeProvider({ accounts: session.accounts, chainId: session.chainId }), {
    disconnect: async () => {
      pairing.ended++
      provider.granted = false
      provider.emit('disconnect')
    },
  })
  const transport: WalletConnectTransport = {
    provider,
    request: (args) => provider.request(args),
    restore: async () => undefined,
    connect: ({ onUri, signal }) =>
      new Promise((resolve, reject) => {
        pairing.started++
        onUri(firstUri)
        pairing.expire = () => onUri(freshUri)
        pairing.approve = () => {
          provider.granted = true
          resolve(session)
        }
        signal?.addEventListener('abort', () => {
          pairing.cancelled = true
          reject(new WalletRpcError(walletErrorCodes.userRejected, 'Pairing attempt aborted'))
        })
      }),
    disconnect: () => provider.disconnect(),
  }
  return { transport, pairing }
}

function wagmiKit() {
  const { transport, pairing } = waitingTransport({
    accounts: [bob],
    chainId: 31337,
    peer: { name: 'Phone' },
  })
  const adapter = new WagmiAdapter({ networks: [anvil, anvil2] })
  const kit = createKit({
    options: { networks: [anvil, anvil2], adapters: [adapter] },
    environment: { target: createPage(), walletConnect: async () => transport },
  })
  const events: ModalEventName[] = []
  kit.subscribeEvents((event) => events.push(event.data.event))
  const config = adapter.wagmiConfig
  const walletConnect = getConnectors(config).find((c) => c.id === 'walletConnect')
  if (!walletConnect) throw new Error('wagmi lists no WalletConnect connector')
  return {
    kit,
    config,
    pairing,
    events,
    connectThroughWagmi: () => connect(config, { connector: walletConnect }),
  }
}

const showsQr = (kit: AppKit, uri: string) =>
  until(kit, (s) => s.open && s.router.view === 'ConnectingWalletConnect' && s.wcUri === uri)

describe('@pairwise/modal/wagmi: a WalletConnect connect started from wagmi', () => {
  it('opens the modal on its QR code, a fresh URI replacing it in place, and closes once the wallet approves', async () => {
    const { kit, config, pairing, events, connectThroughWagmi } = wagmiKit()
    await kit.ready()
    const connecting = connectThroughWagmi()
    await showsQr(kit, firstUri)

    pairing.expire()
    await showsQr(kit, freshUri)
    expect(events.filter((e) => e === 'MODAL_OPEN')).toHaveLength(1)

    pairing.approve()
    await expect(connecting).resolves.toMatchObject({ accounts: [bob], chainId: 31337 })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: bob })
    await until(kit, (s) => !s.open && s.account.address === bob)
    expect(events).toContain('CONNECT_SUCCESS')
  })

  it("leaving the QR view withdraws the pairing and fails wagmi's connect as the visitor's refusal", async () => {
    const { kit, config, pairing, events, connectThroughWagmi } = wagmiKit()
    await kit.ready()
    const connecting = connectThroughWagmi()
    const { router } = await showsQr(kit, firstUri)
    if (router.view !== 'ConnectingWalletConnect') throw new Error('not on the QR view')
    // What the view does when it is left (ConnectingWalletConnectView, through useActionOnMount).
    router.data?.outside?.cancel()
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(pairing.cancelled).toBe(true)
    expect(getAccount(config).status).toBe('disconnected')
    expect(kit.store.get().account.status).toBe('disconnected')
    expect(events).not.toContain('CONNECT_SUCCESS')
  })

  it("joins the modal's own connect under way instead of pairing again, and ends as that one does", async () => {
    const { kit, config, pairing, connectThroughWagmi } = wagmiKit()
    await kit.ready()
    const own = modalConnect(kit.context, { connectorId: 'walletConnect' })
    await vi.waitFor(() => expect(pairing.started).toBe(1))
    const fromWagmi = connectThroughWagmi()
    // wagmi's connect reaches the bridge in the microtasks before this timer fires.
    await new Promise((resolve) => setTimeout(resolve))
    pairing.approve()
    await expect(own).resolves.toMatchObject({ connectorId: 'walletConnect', address: bob })
    await expect(fromWagmi).resolves.toMatchObject({ accounts: [bob] })
    expect(pairing.started).toBe(1)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: bob })
  })

  it('the app ending the session through the WalletConnect provider ends it in wagmi and the modal, DISCONNECT_SUCCESS reported once', async () => {
    const { kit, config, pairing, events } = wagmiKit()
    await kit.ready()
    const connecting = modalConnect(kit.context, { connectorId: 'walletConnect' })
    await vi.waitFor(() => expect(pairing.started).toBe(1))
    pairing.approve()
    await connecting
    const provider = kit.getProvider('eip155') as unknown as { disconnect(): Promise<void> }
    await provider.disconnect()
    expect(pairing.ended).toBe(1)
    expect(getAccount(config).status).toBe('disconnected')
    expect(kit.store.get().account.status).toBe('disconnected')
    await provider.disconnect()
    expect(events.filter((e) => e === 'DISCONNECT_SUCCESS')).toHaveLength(1)
  })

  it('a connect of the modal replacing its own under way (one view replacing another) pairs afresh instead of joining the one withdrawn', async () => {
    const { kit, pairing } = wagmiKit()
    await kit.ready()
    const left = new AbortController()
    const replaced = modalConnect(kit.context, { connectorId: 'walletConnect', signal: left.signal })
    await vi.waitFor(() => expect(pairing.started).toBe(1))
    const replacing = modalConnect(kit.context, { connectorId: 'walletConnect' })
    await vi.waitFor(() => expect(pairing.started).toBe(2))
    left.abort()
    await expect(replaced).rejects.toThrow()
    pairing.approve()
    await expect(replacing).resolves.toMatchObject({ connectorId: 'walletConnect', address: bob })
  })
})
