import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  BitcoinAdapter,
  type BitcoinProvider,
  bitcoinSignet,
  defineBitcoinNetwork,
  esploraClient,
} from '../../bitcoin/index.js'
import type { AdapterEvent } from '../../modal/adapters/types.js'
import { verifyBip122Signature } from '../../services/api/siwx/verify/bip122.js'
import { type LocalBitcoin, startBitcoinChain } from '../../services/bitcoin/index.js'
import { faucet, mine } from '../services/bitcoin/regtestChain.js'
import type { BitcoinWalletFamily, TestAccount, TestWalletChain } from '../support/bitcoinWallet/index.js'
import { bitcoinTestAccounts, connectedAccounts, freshAddress } from '../support/bitcoinWallet/index.js'
import { spendOrdinalCoin } from './ordinalSpend.js'
import { pageHost } from './pageHost.js'

let chain: LocalBitcoin
beforeAll(async () => {
  chain = await startBitcoinChain({ host: '127.0.0.1', port: 0 })
})
afterAll(() => chain.close())

const regtest = () =>
  defineBitcoinNetwork({ chain: 'regtest', name: 'Bitcoin Regtest', esploraUrl: `${chain.url}/api` })

/** A page with one test wallet of `family`, the adapter set up on it, and the wallet connected. */
async function connected(family: BitcoinWalletFamily, seed: string) {
  const page = pageHost()
  const handler = page.install({
    family,
    name: `Test ${family}`,
    seed,
    esplora: { regtest: `${chain.url}/api` },
  })
  const adapter = new BitcoinAdapter({ registry: page.registry })
  const network = regtest()
  const stop = adapter.setup(page.context([network, bitcoinSignet]))
  const [connector] = adapter.connectors()
  if (!connector) throw new Error('no connector')
  const result = await adapter.connect({ connectorId: connector.id, network })
  const provider = adapter.getProvider(connector.id) as BitcoinProvider
  return { page, handler, adapter, network, stop, connector, result, provider }
}

describe.each([
  ['standard', 'bip122:Test standard'],
  ['satsConnect', 'bip122:sats-connect:PairwiseTestBitcoin.TestsatsConnect'],
] as const)('BitcoinAdapter with the %s test wallet on the local regtest chain', (family, connectorId) => {
  it('connects with the payment account at index 0 and the ordinal at 1, each with publicKey and path', async () => {
    const { handler, result, provider, connector, stop } = await connected(family, `${family}-accounts`)
    const [payment, ordinal] = handler.accounts as [
      (typeof handler.accounts)[0],
      (typeof handler.accounts)[0],
    ]
    expect(connector.id).toBe(connectorId)
    expect(result.address).toBe(payment.address)
    expect(result.accounts).toEqual([payment.address, ordinal.address])
    expect(provider.accounts).toEqual(connectedAccounts(payment, ordinal))
    stop()
  })

  it('signs BIP-322 messages with both accounts, verified by bip322-js and by the api; a refusal is an error', async () => {
    const { provider, network, stop } = await connected(family, `${family}-sign`)
    for (const account of provider.accounts) {
      const message = `Pairwise ${family} ${account.purpose}`
      const signature = await provider.signMessage({ address: account.address, message })
      expect(Verifier.verifySignature(account.address, message, signature)).toBe(true)
      expect(Verifier.verifySignature(account.address, `${message}!`, signature)).toBe(false)
      expect(
        verifyBip122Signature({
          chainReference: String(network.id),
          address: account.address,
          message,
          signature,
        }),
      ).toBe(true)
    }
    await expect(provider.signMessage({ message: 'please REJECT this' })).rejects.toThrow(/rejected/i)
    // BIP-137 ECDSA where the family offers it (sats-connect's protocol 'ECDSA'); the standard names none.
    const ecdsa = provider.signMessage({ message: 'Pairwise ECDSA', protocol: 'ecdsa' })
    if (family === 'standard') await expect(ecdsa).rejects.toMatchObject({ code: 'UNSUPPORTED_PROTOCOL' })
    else {
      const signature = await ecdsa
      expect(Buffer.from(signature, 'base64')).toHaveLength(65)
      expect(Verifier.verifySignature(provider.address, 'Pairwise ECDSA', signature)).toBe(true)
    }
    stop()
  })

  it('sends 12,345 sats the regtest node accepts; mined, both balances move by the amount and the fee', async () => {
    const { provider, adapter, network, stop } = await connected(family, `${family}-send`)
    const esplora = esploraClient(`${chain.url}/api`)
    await faucet(chain, provider.address, 1_000_000)
    const recipient = freshAddress(`${family}-recipient-${Date.now()}`)
    const before = await provider.getBalance()
    expect(before).toBe(1_000_000n)
    const txid = await provider.sendTransfer({ recipient, amount: '12345' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await mine(chain)
    const status = (await fetch(`${chain.url}/api/tx/${txid}/status`).then((r) => r.json())) as {
      confirmed: boolean
    }
    expect(status.confirmed).toBe(true)
    const [activity] = await provider.getActivity()
    expect(activity?.txid).toBe(txid)
    expect(activity?.fee).toBeGreaterThan(0n)
    expect(activity?.delta).toBe(-(12_345n + (activity?.fee ?? 0n)))
    expect(await provider.getBalance()).toBe(before - 12_345n - (activity?.fee ?? 0n))
    expect(await esplora.balance(recipient)).toBe(12_345n)
    expect(await adapter.getBalance({ address: recipient, network })).toEqual({
      balance: '0.00012345',
      symbol: 'tBTC',
    })
    stop()
  })

  it('signs a PSBT spending the ordinal (taproot) account and broadcasts it, the wallet or the app sending it', async () => {
    const { provider, stop } = await connected(family, `${family}-psbt`)
    const ordinal = provider.accounts[1] as (typeof provider.accounts)[number]
    await spendOrdinalCoin(chain, provider, ordinal, freshAddress(`${family}-psbt-to`))
    stop()
  })

  it('reconnects silently after a reload of the page: no prompt, the same accounts', async () => {
    const { page, handler, network, stop, result } = await connected(family, `${family}-reload`)
    stop()
    const again = new BitcoinAdapter({ registry: page.registry })
    const stopAgain = again.setup(page.context([network]))
    const calls = handler.calls.length
    const restored = await again.reconnect({ connectorId, network })
    expect(restored?.accounts).toEqual(result.accounts)
    expect(handler.calls.slice(calls).map((c) => c.method)).not.toContain(
      family === 'standard' ? 'bitcoin:connect' : 'getAccounts',
    )
    stopAgain()
  })
})

describe('BitcoinAdapter network switching', () => {
  it('switches a sats-connect wallet with wallet_changeNetwork and takes its signet accounts', async () => {
    const { adapter, connector, provider, page, stop, handler } = await connected('satsConnect', 'switch')
    await adapter.switchNetwork({ connectorId: connector.id, network: bitcoinSignet })
    // The wallet's networkChange comes before its signet accounts are read: it must not end the connection.
    await vi.waitFor(() =>
      expect(page.events).toContainEqual(expect.objectContaining({ type: 'chainChanged' })),
    )
    expect(page.events).not.toContainEqual({ type: 'disconnect', connectorId: connector.id })
    expect(adapter.getProvider(connector.id)?.address).toBe(provider.address)
    expect(handler.chain).toBe('signet')
    expect(provider.network).toBe(bitcoinSignet)
    expect(provider.address).toMatch(/^tb1q/)
    expect(page.events).toContainEqual({
      type: 'accountChanged',
      connectorId: connector.id,
      address: provider.address,
      accounts: provider.accounts.map((a) => a.address),
    })
    stop()
  })

  it('asks the user to switch in a Wallet Standard wallet that offers no switch', async () => {
    const { adapter, connector, stop } = await connected('standard', 'switch')
    await expect(
      adapter.switchNetwork({ connectorId: connector.id, network: bitcoinSignet }),
    ).rejects.toMatchObject({
      code: 'SWITCH_IN_WALLET',
      message: expect.stringContaining('switch the network in your wallet to Bitcoin Signet'),
    })
    stop()
  })
})

describe('Bitcoin provider as AppKit’s', () => {
  it('has AppKit’s name and chains; its switchNetwork moves the wallet to an app network the modal then shows, and its disconnect ends the connection in the adapter and the modal', async () => {
    const { adapter, connector, provider, page, stop, handler, network } = await connected(
      'satsConnect',
      'app-switch',
    )
    expect(provider.name).toBe(connector.name)
    expect(provider.walletName).toBe(connector.name)
    expect(provider.chains.map((n) => n.caipNetworkId)).toEqual([
      network.caipNetworkId,
      bitcoinSignet.caipNetworkId,
    ])
    await expect(provider.switchNetwork('bip122:00000000000000000000000000000000')).rejects.toMatchObject({
      code: 'UNKNOWN_NETWORK',
    })
    const before = page.events.length
    await provider.switchNetwork(bitcoinSignet.caipNetworkId)
    expect(handler.chain).toBe('signet')
    expect(provider.network).toBe(bitcoinSignet)
    // The modal hears the network before the accounts, so it never shows a signet address on regtest.
    const told = (page.events.slice(before) as AdapterEvent[]).map((e) => e.type)
    expect(told.indexOf('chainChanged')).toBeGreaterThan(-1)
    expect(told.indexOf('chainChanged')).toBeLessThan(told.indexOf('accountChanged'))
    expect(page.events).toContainEqual({
      type: 'chainChanged',
      connectorId: connector.id,
      chainId: bitcoinSignet.id,
    })
    await provider.disconnect()
    // Told it was the app's own disconnect, which the modal reports as DISCONNECT_SUCCESS.
    expect(page.events).toContainEqual({ type: 'disconnect', connectorId: connector.id, byApp: true })
    expect(adapter.getProvider(connector.id)).toBeUndefined()
    stop()
  })

  it('tells its listeners, as AppKit’s provider does, of the network and accounts the wallet moves to and of the end of the connection; a listener taken off hears no more', async () => {
    const { unisat, adapter, stop, connectorId } = await unisatConnected('unisat-provider-events')
    const provider = adapter.getProvider(connectorId) as BitcoinProvider
    const heard: unknown[] = []
    const onChain = (chain: string) => heard.push(['chainChanged', chain])
    provider.on('chainChanged', onChain)
    provider.on('accountsChanged', (addresses) => heard.push(['accountsChanged', addresses]))
    provider.on('disconnect', () => heard.push(['disconnect']))
    const signet = paymentOf('unisat-provider-events', 'signet')
    unisat.account = signet
    unisat.emit('chainChanged', { enum: 'BITCOIN_SIGNET' })
    await vi.waitFor(() => expect(provider.address).toBe(signet.address))
    provider.off('chainChanged', onChain)
    const back = paymentOf('unisat-provider-events', 'regtest')
    unisat.account = back
    unisat.emit('chainChanged', { enum: 'BITCOIN_REGTEST' })
    await vi.waitFor(() => expect(provider.address).toBe(back.address))
    await adapter.disconnect(connectorId)
    expect(heard).toEqual([
      ['chainChanged', bitcoinSignet.caipNetworkId],
      ['accountsChanged', [signet.address]],
      ['accountsChanged', [back.address]],
      ['disconnect'],
    ])
    stop()
  })
})

/** The payment account of the test keys `seed` on `chain`. */
const paymentOf = (seed: string, chain: TestWalletChain) => bitcoinTestAccounts(seed, chain)[0] as TestAccount

/**
 * A hostile Wallet Standard wallet: it connects with the regtest accounts of `seed`, then sends whatever
 * `change` is given through standard:events, as page script may.
 */
function hostileStandardWallet(seed: string) {
  const raw = (address: string, publicKey: string) => ({
    address,
    publicKey: Uint8Array.from(Buffer.from(publicKey, 'hex')),
    chains: ['bitcoin:regtest'],
    features: [],
  })
  let accounts = bitcoinTestAccounts(seed, 'regtest').map((a) => raw(a.address, a.publicKey))
  const listeners = new Set<(properties: { accounts: unknown[] }) => void>()
  const refuse = async () => {
    throw new Error('not in this test')
  }
  const wallet = {
    version: '1.0.0',
    name: 'Hostile standard',
    icon: '',
    chains: ['bitcoin:regtest'],
    get accounts() {
      return accounts
    },
    features: {
      'bitcoin:connect': { version: '1.0.0', connect: async () => ({ accounts }) },
      'bitcoin:signTransaction': { version: '1.0.0', signTransaction: refuse },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (properties: { accounts: unknown[] }) => void) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  }
  return {
    wallet,
    change(next: { address: string; publicKey: string }[]) {
      accounts = next.map((a) => raw(a.address, a.publicKey))
      for (const listener of [...listeners]) listener({ accounts })
    },
  }
}

/** The adapter on a page with the hostile Wallet Standard wallet of `seed`, connected on regtest. */
async function standardConnected(seed: string) {
  const page = pageHost()
  const hostile = hostileStandardWallet(seed)
  page.target.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: (api: { register(wallet: unknown): void }) => api.register(hostile.wallet),
    }),
  )
  const adapter = new BitcoinAdapter({ registry: page.registry })
  const stop = adapter.setup(page.context([regtest()]))
  const connectorId = 'bip122:Hostile standard'
  const result = await adapter.connect({ connectorId, network: regtest() })
  return { page, hostile, adapter, stop, result, connectorId }
}

/**
 * A Unisat on the page (`window.unisat`): one account, the one `account` holds, and its events sent by hand
 * (`emit('accountsChanged', [address])`, `emit('chainChanged', { enum })`), as the extension sends them.
 */
function fakeUnisat(account: { address: string; publicKey: string }) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const unisat = {
    account,
    requestAccounts: async () => [unisat.account.address],
    getAccounts: async () => [unisat.account.address],
    getPublicKey: async () => unisat.account.publicKey,
    signMessage: async () => '',
    signPsbt: async () => '',
    on(event: string, listener: (...args: unknown[]) => void) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener)
    },
    emit(event: string, value: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(value)
    },
  }
  return unisat
}

/** The adapter on a page with a fake Unisat holding the payment account of `seed`, connected on regtest. */
async function unisatConnected(seed: string) {
  const page = pageHost()
  const payment = paymentOf(seed, 'regtest')
  const unisat = fakeUnisat(payment)
  page.target.unisat = unisat
  const adapter = new BitcoinAdapter({ registry: page.registry })
  const stop = adapter.setup(page.context([regtest(), bitcoinSignet]))
  const result = await adapter.connect({ connectorId: 'bip122:unisat', network: regtest() })
  return { page, unisat, adapter, stop, result, connectorId: 'bip122:unisat' }
}

describe('BitcoinAdapter and a wallet changing its accounts or network by itself', () => {
  it("takes AppKit's constructor options: new BitcoinAdapter({ projectId }) builds the bip122 adapter", () => {
    expect(new BitcoinAdapter({ projectId: 'appkit-project' }).namespace).toBe('bip122')
  })

  it('a provider the app kept past a disconnect asks the wallet nothing: Unisat, still signed in to the page, shows no prompt', async () => {
    const { unisat, adapter, stop, connectorId, result } = await unisatConnected('unisat-kept-provider')
    const provider = adapter.getProvider(connectorId) as BitcoinProvider
    const signMessage = vi.spyOn(unisat, 'signMessage')
    await adapter.disconnect(connectorId)
    await expect(provider.signMessage({ message: 'after the disconnect' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_CONNECTED',
    })
    await expect(provider.sendTransfer({ recipient: result.address, amount: '10000' })).rejects.toMatchObject(
      {
        code: 'CONNECTOR_NOT_CONNECTED',
      },
    )
    expect(signMessage).not.toHaveBeenCalled()
    stop()
  })

  it('gives one provider object per connection, and one taken before an account change reads the new account', async () => {
    const { page, hostile, adapter, stop, connectorId } = await standardConnected('one-provider')
    const provider = adapter.getProvider(connectorId)
    const next = paymentOf('one-provider next', 'regtest')
    hostile.change([next])
    await vi.waitFor(() =>
      expect(page.events).toContainEqual(expect.objectContaining({ type: 'accountChanged' })),
    )
    expect(adapter.getProvider(connectorId)).toBe(provider)
    expect(provider?.address).toBe(next.address)
    stop()
  })

  it("a wallet's account change naming no address of the connected chain is not taken: a Wallet Standard change to markup leaves the account shown", async () => {
    const { page, hostile, adapter, stop, result, connectorId } = await standardConnected('hostile-standard')
    const payment = paymentOf('hostile-standard', 'regtest')
    const markup = '<img src=x onerror=alert(1)>'
    hostile.change([{ address: markup, publicKey: payment.publicKey }])
    // A good change after it is taken, so the markup one was read (and left) before.
    hostile.change([payment])
    await vi.waitFor(() =>
      expect(page.events).toContainEqual(expect.objectContaining({ type: 'accountChanged' })),
    )
    expect(JSON.stringify(page.events)).not.toContain(markup)
    expect(page.events).not.toContainEqual({ type: 'disconnect', connectorId })
    expect(adapter.getProvider(connectorId)?.address).toBe(result.address)
    stop()
  })

  it("a wallet's account change keeps only the accounts on the connected chain: markup next to a real account is dropped", async () => {
    const { page, hostile, adapter, stop, connectorId } = await standardConnected('hostile-mixed')
    const payment = paymentOf('hostile-mixed', 'regtest')
    const markup = '<img src=x onerror=alert(1)>'
    hostile.change([payment, { address: markup, publicKey: payment.publicKey }])
    await vi.waitFor(() =>
      expect(page.events).toContainEqual({
        type: 'accountChanged',
        connectorId,
        address: payment.address,
        accounts: [payment.address],
      }),
    )
    expect(JSON.stringify(page.events)).not.toContain(markup)
    expect(adapter.getProvider(connectorId)?.accounts.map((a) => a.address)).toEqual([payment.address])
    stop()
  })

  it('a Unisat account change to a signet address on a regtest connection is not taken until the network change that brings it', async () => {
    const { page, unisat, adapter, stop, result, connectorId } = await unisatConnected('unisat-accounts')
    expect(result.address).toMatch(/^bcrt1q/)
    const signet = paymentOf('unisat-accounts', 'signet')
    unisat.account = signet
    // The order a wallet moving network may send its events in: the new accounts, then the network.
    unisat.emit('accountsChanged', [signet.address])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(JSON.stringify(page.events)).not.toContain(signet.address)
    expect(adapter.getProvider(connectorId)?.address).toBe(result.address)
    unisat.emit('chainChanged', { enum: 'BITCOIN_SIGNET' })
    await vi.waitFor(() =>
      expect(page.events).toContainEqual({ type: 'chainChanged', connectorId, chainId: bitcoinSignet.id }),
    )
    expect(adapter.getProvider(connectorId)?.address).toBe(signet.address)
    expect(page.events).not.toContainEqual({ type: 'disconnect', connectorId })
    stop()
  })

  it("a wallet's network change to a chain its accounts are not on disconnects when the wallet grants none there", async () => {
    const { page, unisat, adapter, stop, connectorId } = await unisatConnected('unisat-network-none')
    // The wallet says signet but still reports its regtest account.
    unisat.emit('chainChanged', { enum: 'BITCOIN_SIGNET' })
    await vi.waitFor(() => expect(page.events).toContainEqual({ type: 'disconnect', connectorId }))
    expect(page.events).not.toContainEqual(expect.objectContaining({ type: 'chainChanged' }))
    expect(adapter.getProvider(connectorId)).toBeUndefined()
    stop()
  })

  it("a wallet's network change to a chain its accounts are not on moves the connection to the accounts it has there", async () => {
    const { page, unisat, adapter, stop, connectorId, result } = await unisatConnected('unisat-network-moved')
    const signet = paymentOf('unisat-network-moved', 'signet')
    unisat.account = signet
    unisat.emit('chainChanged', { enum: 'BITCOIN_SIGNET' })
    await vi.waitFor(() =>
      expect(page.events).toContainEqual({
        type: 'accountChanged',
        connectorId,
        address: signet.address,
        accounts: [signet.address],
      }),
    )
    expect(page.events).toContainEqual({ type: 'chainChanged', connectorId, chainId: bitcoinSignet.id })
    const provider = adapter.getProvider(connectorId) as BitcoinProvider
    expect(provider.network).toBe(bitcoinSignet)
    expect(provider.address).toBe(signet.address)
    expect(provider.address).not.toBe(result.address)
    stop()
  })
})
