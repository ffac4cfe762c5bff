import { privateKeyToAccount } from 'viem/accounts'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { walletConnectOnlyAdapter } from '../../../modal/adapters/eip155/walletConnectOnly.js'
import { mapMemory } from '../../../modal/controllers/memory.js'
import type { AppKitOptions } from '../../../modal/controllers/options.js'
import { AppKit, type AppKitEnvironment } from '../../../modal/core/appKit.js'
import { defineNetwork } from '../../../modal/networks/defineNetwork.js'
import type { CaipNetwork, EvmNetwork } from '../../../modal/networks/types.js'
import type { AppState } from '../../../modal/state/types.js'
import { devPrivateKeys, freePort } from '../../../services/index.js'
import { FakeProvider } from './fakeProvider.js'
import { createPage } from './page.js'

export const alice = privateKeyToAccount(devPrivateKeys[0]).address
export const bob = privateKeyToAccount(devPrivateKeys[1]).address
export const carol = privateKeyToAccount(devPrivateKeys[2]).address

/** An EVM network as the demo defines it, served by `rpcUrl`. */
export function evmNetwork(id: number, rpcUrl: string): EvmNetwork {
  return defineNetwork({
    id,
    name: id === 31337 ? 'Anvil' : `Anvil ${id}`,
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: 'Local explorer', url: 'http://127.0.0.1:4000' } },
    testnet: true,
  })
}

/** Solana's ids are genesis hashes (their first 32 characters). */
function solanaNetwork(genesis: string, name: string): CaipNetwork {
  return {
    id: genesis,
    caipNetworkId: `solana:${genesis}`,
    chainNamespace: 'solana',
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  }
}

export const solanaMainnet = solanaNetwork('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')
export const solanaDevnet = solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet')

/** A loopback URL nothing listens on: balance reads there fail the way an unreachable RPC does. */
export async function unreachableRpcUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`
}

/** The networks most tests use: Anvil (31337) and Anvil 31338, both behind `rpcUrl`. */
export function anvilPair(rpcUrl: string): [EvmNetwork, EvmNetwork] {
  return [evmNetwork(31337, rpcUrl), evmNetwork(31338, rpcUrl)]
}

export type KitSetup = {
  options: Partial<AppKitOptions> & Pick<AppKitOptions, 'networks'>
  environment?: AppKitEnvironment
}

/** An AppKit with an eip155 adapter (unless `adapters` is given) and an in-memory memory, as createAppKit wires it. */
export function createKit({ options, environment = {} }: KitSetup): AppKit {
  return new AppKit(
    { adapters: [new Eip155Adapter()], ...options },
    { memory: mapMemory(), walletConnectOnly: walletConnectOnlyAdapter, ...environment },
  )
}

/** Resolves with the state once `predicate` holds (now or after a later change). */
export function until(
  kit: AppKit,
  predicate: (state: AppState) => boolean,
  timeoutMs = 5000,
): Promise<AppState> {
  return new Promise((resolve, reject) => {
    const check = (state: AppState) => {
      if (!predicate(state)) return false
      clearTimeout(timer)
      stop()
      resolve(state)
      return true
    }
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`state did not reach the expected value within ${timeoutMs} ms`))
    }, timeoutMs)
    const stop = kit.subscribeState(check)
    check(kit.store.get())
  })
}

/** A page whose injected wallet holds alice and bob on the first network, and a kit watching it. */
export function injectedKit(setup: KitSetup & { walletChains?: number[] }) {
  const [first] = setup.options.networks
  const provider = new FakeProvider({
    accounts: [alice, bob],
    chainId: Number(first?.id),
    chains: setup.walletChains ?? [],
  })
  const page = createPage(provider)
  const kit = createKit({ ...setup, environment: { target: page, ...setup.environment } })
  return { kit, provider, page }
}
