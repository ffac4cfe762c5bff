import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Eip155Adapter } from '../../modal/adapters/eip155/index.js'
import type { AppKit } from '../../modal/core/appKit.js'
import { isSolanaAddress } from '../../modal/core/validation.js'
import type { CaipNetwork } from '../../modal/networks/types.js'
import { DEVNET_GENESIS_HASH, type LocalSolana, startSolanaChain } from '../../services/solana/index.js'
import { defineSolanaNetwork, SolanaAdapter } from '../../solana/index.js'
import { FakeProvider } from '../modal/support/fakeProvider.js'
import { alice, createKit, evmNetwork, unreachableRpcUrl, until } from '../modal/support/kit.js'
import { installNodeSolanaWallet } from '../modal/support/nodeSolanaWallet.js'
import { freePortRuns } from '../support/ports.js'

let localnet: LocalSolana
let devnet: LocalSolana
let local: CaipNetwork
let dev: CaipNetwork
const page = Object.assign(new EventTarget(), {}) as EventTarget & Record<string, unknown>

beforeAll(async () => {
  // One draw for both chains: two separate draws may answer overlapping pairs.
  const [a, b] = (await freePortRuns([2, 2])) as [number, number]
  localnet = await startSolanaChain({ host: '127.0.0.1', port: a })
  devnet = await startSolanaChain({ host: '127.0.0.1', port: b, genesisHash: DEVNET_GENESIS_HASH })
  local = defineSolanaNetwork({
    genesisHash: localnet.genesisHash,
    name: 'Solana Local',
    rpcUrl: localnet.rpcUrl,
  })
  dev = defineSolanaNetwork({
    genesisHash: devnet.genesisHash,
    name: 'Solana Devnet (local)',
    rpcUrl: devnet.rpcUrl,
  })
  // The Wallet Standard registry lives on the page's window; this file's page stands in for it.
  vi.stubGlobal('window', page)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await Promise.all([localnet.close(), devnet.close()])
})

function solanaKit(adapter = new SolanaAdapter({ confirmation: { pollMs: 20 } })): {
  kit: AppKit
  adapter: SolanaAdapter
} {
  const kit = createKit({
    options: { networks: [local, dev], adapters: [adapter] },
    environment: { target: page },
  })
  return { kit, adapter }
}

function wallet(name: string, key = 0, icon?: string) {
  return installNodeSolanaWallet(page, {
    name,
    key,
    rpc: { 'solana:localnet': localnet.rpcUrl, 'solana:devnet': devnet.rpcUrl },
    ...(icon === undefined ? {} : { icon }),
  })
}

describe('Solana adapter: discovery', () => {
  it('lists the wallets registered before the app and after it; an unregistered one leaves alone', async () => {
    const early = wallet('Early Solana')
    const { kit } = solanaKit()
    const late = wallet('Late Solana', 1)
    await until(kit, (s) =>
      ['Early Solana', 'Late Solana'].every((n) => s.connectors.some((c) => c.name === n)),
    )
    late.unregister()
    const state = await until(kit, (s) => !s.connectors.some((c) => c.name === 'Late Solana'))
    expect(state.connectors.filter((c) => c.name === 'Early Solana')).toMatchObject([
      { id: 'solana:Early Solana', type: 'ANNOUNCED', chainNamespace: 'solana' },
    ])
    early.unregister()
    kit.destroy()
  })

  it('leaves out wallets that cannot sign transactions or serve none of the app chains', async () => {
    const base = {
      version: '1.0.0' as const,
      icon: 'data:image/svg+xml;base64,PHN2Zy8+' as const,
      accounts: [],
    }
    const connect = { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } }
    const events = { 'standard:events': { version: '1.0.0', on: () => () => undefined } }
    const sign = { 'solana:signTransaction': { version: '1.0.0', signTransaction: async () => [] } }
    const unregister = getWallets().register(
      {
        ...base,
        name: 'Mainnet Only',
        chains: ['solana:mainnet'],
        features: { ...connect, ...events, ...sign },
      },
      { ...base, name: 'Cannot Sign', chains: ['solana:localnet'], features: { ...connect, ...events } },
      { ...base, name: 'Usable', chains: ['solana:localnet'], features: { ...connect, ...events, ...sign } },
    )
    const { kit } = solanaKit()
    const state = await until(kit, (s) => s.connectors.some((c) => c.name === 'Usable'))
    expect(state.connectors.map((c) => c.name)).not.toContain('Mainnet Only')
    expect(state.connectors.map((c) => c.name)).not.toContain('Cannot Sign')
    unregister()
    kit.destroy()
  })
})

describe('Solana adapter: connection', () => {
  it('CONN-13 a Solana wallet connects, and its base58 address is the account shown', async () => {
    const w = wallet('Connect Solana', 2)
    const { kit } = solanaKit()
    await until(kit, (s) => s.connectors.some((c) => c.id === 'solana:Connect Solana'))
    await kit.connect('solana:Connect Solana')
    const state = kit.store.get()
    expect(state.account.address).toBe(w.address)
    expect(isSolanaAddress(w.address)).toBe(true)
    expect(state.account.caipAddress).toBe(`${local.caipNetworkId}:${w.address}`)
    expect(state.activeChain).toBe('solana')
    const balanced = await until(kit, (s) => s.account.balance !== undefined)
    expect(balanced.account).toMatchObject({ balance: '1000', balanceSymbol: 'SOL' })
    w.unregister()
    kit.destroy()
  })

  it('a wallet icon that may not be an image source is left out of its row and of the connected wallet’s info', async () => {
    const w = wallet('Odd Icon', 3, 'javascript:alert(document.domain)')
    const { kit } = solanaKit()
    await until(kit, (s) => s.connectors.some((c) => c.id === 'solana:Odd Icon'))
    expect(kit.store.get().connectors.find((c) => c.id === 'solana:Odd Icon')?.imageUrl).toBeUndefined()
    await kit.connect('solana:Odd Icon')
    expect(kit.store.get().account.connectedWalletInfo).toEqual({ name: 'Odd Icon' })
    w.unregister()
    kit.destroy()
  })

  it('reconnects silently on a new page load, and not for a wallet that never approved the app', async () => {
    const w = wallet('Silent Solana', 3)
    const memory = new Map<string, string>()
    const pageMemory = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
      removeItem: (k: string) => void memory.delete(k),
    }
    const first = createKit({
      options: { networks: [local], adapters: [new SolanaAdapter()] },
      environment: { target: page, memory: pageMemory },
    })
    await until(first, (s) => s.connectors.some((c) => c.id === 'solana:Silent Solana'))
    await first.connect('solana:Silent Solana')
    first.destroy()
    const calls = w.calls.length
    const second = createKit({
      options: { networks: [local], adapters: [new SolanaAdapter()] },
      environment: { target: page, memory: pageMemory },
    })
    await second.ready()
    expect(second.getAddress()).toBe(w.address)
    expect(w.calls.slice(calls)).toEqual([{ method: 'standard:connect', params: { silent: true } }])
    second.destroy()
    w.unregister()
    const stranger = wallet('Stranger Solana', 2)
    pageMemory.setItem('pairwise:connector:solana', 'solana:Stranger Solana')
    const third = createKit({
      options: { networks: [local], adapters: [new SolanaAdapter()] },
      environment: { target: page, memory: pageMemory },
    })
    await third.ready()
    expect(third.getAddress()).toBeUndefined()
    expect(stranger.calls).toEqual([{ method: 'standard:connect', params: { silent: true } }])
    third.destroy()
    stranger.unregister()
  })

  it('switches to another network the wallet serves, and refuses one it does not list', async () => {
    const w = wallet('Switch Solana', 1)
    const testnet = defineSolanaNetwork({
      genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      name: 'Solana Testnet',
      rpcUrl: localnet.rpcUrl,
    })
    const adapter = new SolanaAdapter()
    const kit = createKit({
      options: { networks: [local, dev, testnet], adapters: [adapter] },
      environment: { target: page },
    })
    await until(kit, (s) => s.connectors.some((c) => c.id === 'solana:Switch Solana'))
    await kit.connect('solana:Switch Solana')
    await kit.switchNetwork(dev)
    expect(kit.getCaipAddress()).toBe(`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${w.address}`)
    expect(kit.getProvider('solana')?.network.caipNetworkId).toBe(dev.caipNetworkId)
    await expect(kit.switchNetwork(testnet)).rejects.toThrow('Chain is not supported solana:testnet')
    w.unregister()
    kit.destroy()
  })
})

describe('Solana provider', () => {
  it('signs a message and a sign-in that verify with ed25519; a refusal is the wallet’s 4001', async () => {
    const w = wallet('Sign Solana', 2)
    const { kit } = solanaKit()
    await until(kit, (s) => s.connectors.some((c) => c.id === 'solana:Sign Solana'))
    await kit.connect('solana:Sign Solana')
    const provider = kit.getProvider('solana')
    if (!provider) throw new Error('no provider')
    const message = new TextEncoder().encode('hello from the app')
    const signature = await provider.signMessage(message)
    expect(ed25519.verify(signature, message, w.publicKey)).toBe(true)
    const signIn = await provider.signIn({
      domain: 'app.example',
      statement: 'Sign in to the app',
      nonce: 'abc12345',
    })
    expect(signIn.address).toBe(w.address)
    expect(new TextDecoder().decode(signIn.signedMessage)).toMatch(
      /^app\.example wants you to sign in with your Solana account:\n\w+\n\nSign in to the app\n\n/,
    )
    expect(ed25519.verify(signIn.signature, signIn.signedMessage, w.publicKey)).toBe(true)
    w.setPolicy('reject')
    await expect(provider.signMessage(message)).rejects.toMatchObject({ code: 4001 })
    w.unregister()
    kit.destroy()
  })

  it('sends 0.1 SOL: the balance drops by the amount and the 5,000 lamport fee exactly', async () => {
    const w = wallet('Send Solana', 1)
    const { kit } = solanaKit()
    await until(kit, (s) => s.connectors.some((c) => c.id === 'solana:Send Solana'))
    await kit.connect('solana:Send Solana')
    const rpc = createSolanaRpc(localnet.rpcUrl)
    const to = (await generateKeyPairSigner()).address
    const before = (await rpc.getBalance(address(w.address)).send()).value
    await kit.getProvider('solana')?.transfer({ to, amount: '0.1' })
    expect((await rpc.getBalance(address(w.address)).send()).value).toBe(before - 100_000_000n - 5_000n)
    expect((await rpc.getBalance(to).send()).value).toBe(100_000_000n)
    w.unregister()
    kit.destroy()
  })

  it('sends 1 tUSD to a fresh address, creating its token account; refuses a new account below rent and bad input before the wallet is asked', async () => {
    const w = wallet('Token Solana', 0)
    const { kit } = solanaKit()
    await until(kit, (s) => s.connectors.some((c) => c.id === 'solana:Token Solana'))
    await kit.connect('solana:Token Solana')
    const provider = kit.getProvider('solana')
    if (!provider) throw new Error('no provider')
    const rpc = createSolanaRpc(localnet.rpcUrl)
    const to = (await generateKeyPairSigner()).address
    await provider.transfer({ to, amount: '1', mint: localnet.testUsdMint })
    const { value } = await rpc
      .getTokenAccountsByOwner(to, { mint: address(localnet.testUsdMint) }, { encoding: 'jsonParsed' })
      .send()
    expect(value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['1000000'])
    const asked = w.calls.length
    await expect(
      provider.transfer({ to: (await generateKeyPairSigner()).address, amount: '0.0001' }),
    ).rejects.toThrow('A new account needs at least its rent-exempt minimum: 0.00089088 SOL')
    await expect(provider.transfer({ to, amount: '1.2.3' })).rejects.toThrow(
      'Not a valid decimal number: "1.2.3"',
    )
    await expect(provider.transfer({ to: '0xabc', amount: '1' })).rejects.toThrow(
      'Not a valid address: 0xabc',
    )
    await expect(provider.transfer({ to, amount: '5000' })).rejects.toMatchObject({
      name: 'SolanaError',
      code: 'INSUFFICIENT_FUNDS',
    })
    expect(w.calls.length).toBe(asked)
    w.unregister()
    kit.destroy()
  })
})

describe('EVM and Solana side by side', () => {
  it('CONN-01 keeps an EVM and a Solana wallet connected together; disconnecting the active one hands over to the other', async () => {
    page.ethereum = new FakeProvider({ accounts: [alice], chainId: 31337, chains: [] })
    const evm = evmNetwork(31337, await unreachableRpcUrl())
    const w = wallet('Both Solana', 3)
    const kit = createKit({
      options: { networks: [evm, local], adapters: [new Eip155Adapter(), new SolanaAdapter()] },
      environment: { target: page },
    })
    await until(kit, (s) =>
      ['injected', 'solana:Both Solana'].every((id) => s.connectors.some((c) => c.id === id)),
    )
    await kit.connect('injected')
    await kit.connect('solana:Both Solana')
    expect(kit.store.get()).toMatchObject({ activeChain: 'solana', account: { address: w.address } })
    expect(kit.store.get().connections.eip155?.connections[0]?.accounts).toEqual([alice])
    await kit.disconnect('solana')
    expect(kit.store.get()).toMatchObject({
      activeChain: 'eip155',
      account: { address: alice },
      connections: { solana: { status: 'disconnected' }, eip155: { status: 'connected' } },
    })
    kit.destroy()
    w.unregister()
    delete page.ethereum
  })
})
