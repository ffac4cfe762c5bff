import { ed25519 } from '@noble/curves/ed25519.js'
import { getAddressDecoder } from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import type { AdapterContext } from '../../modal/adapter.js'
import { MAX_DISCOVERED_WALLETS } from '../../modal/core/walletAdmission.js'
import { watchWallets } from '../../solana/discovery.js'
import { defineSolanaNetwork, SolanaAdapter } from '../../solana/index.js'
import { standardSigner } from '../../solana/standardSigner.js'
import { walletRegistry } from '../support/walletRegistry.js'

const network = defineSolanaNetwork({
  genesisHash: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  name: 'Solana Local',
  rpcUrl: 'http://127.0.0.1:1',
})

/** A Wallet Standard account of the key from `seed`: its address, and the public key `publicKeyOf` gives. */
function account(seed: number, publicKeyOf = seed): WalletAccount {
  const key = (n: number) => ed25519.getPublicKey(new Uint8Array(32).fill(n))
  return {
    address: getAddressDecoder().decode(key(seed)),
    publicKey: key(publicKeyOf),
    chains: ['solana:localnet'],
    features: [],
  }
}

/** A Solana wallet in the page that connects with `accounts` and signs in as `signedIn`. */
function solanaWallet(name: string, accounts: WalletAccount[] = [], signedIn?: WalletAccount): Wallet {
  const signature = new Uint8Array(64)
  return {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:localnet'],
    accounts,
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts }) },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signTransaction': { version: '1.0.0', signTransaction: async () => [] },
      'solana:signIn': {
        version: '1.0.0',
        signIn: async () => [{ account: signedIn, signedMessage: new Uint8Array(1), signature }],
      },
    },
  }
}

/** The wallets `watchWallets` keeps from `registry`, by id, and what `report` heard. */
function watched(registry: ReturnType<typeof walletRegistry>) {
  const seen: { wallets: ReadonlyMap<string, Wallet> } = { wallets: new Map() }
  const reasons: string[] = []
  watchWallets(
    registry as never,
    () => true,
    (wallets) => {
      seen.wallets = wallets
    },
    (_message, detail) => reasons.push((detail as { reason: string }).reason),
  )
  return { seen, reasons }
}

function adapterOn(registry: ReturnType<typeof walletRegistry>): SolanaAdapter {
  const adapter = new SolanaAdapter({ registry: () => registry as never })
  const context: AdapterContext = {
    networks: [network],
    target: undefined,
    emit: () => undefined,
    enableInjected: true,
    enableEIP6963: true,
  }
  adapter.setup(context)
  return adapter
}

describe('Solana Wallet Standard discovery of untrusted wallets', () => {
  it('a wallet registering under the name of one registered before is ignored: the first keeps the id and its connection', async () => {
    const registry = walletRegistry()
    const real = solanaWallet('Phantom', [account(1)])
    registry.register(real)
    const { seen, reasons } = watched(registry)
    const adapter = adapterOn(registry)
    registry.register(solanaWallet('Phantom', [account(2)]))
    expect([...seen.wallets]).toEqual([['solana:Phantom', real]])
    expect(reasons).toEqual(['the id solana:Phantom is taken'])
    expect(adapter.connectors().map((c) => c.id)).toEqual(['solana:Phantom'])
    const result = await adapter.connect({ connectorId: 'solana:Phantom', network })
    expect(result.address).toBe(account(1).address)
  })

  it(`keeps at most ${MAX_DISCOVERED_WALLETS} wallets, none named blank or past 64 characters; one leaving makes room`, () => {
    const registry = walletRegistry()
    const { seen, reasons } = watched(registry)
    registry.register(solanaWallet(' '), solanaWallet('S'.repeat(65)))
    const unregister = registry.register(solanaWallet('First'))
    registry.register(...Array.from({ length: 2_000 }, (_, i) => solanaWallet(`Wallet ${i}`)))
    expect(seen.wallets.size).toBe(MAX_DISCOVERED_WALLETS)
    expect(reasons.slice(0, 2)).toEqual(['a blank name', 'a name longer than 64 characters'])
    expect(reasons).toHaveLength(2 + 2_000 - (MAX_DISCOVERED_WALLETS - 1))
    unregister()
    registry.register(solanaWallet('Late'))
    expect(seen.wallets.size).toBe(MAX_DISCOVERED_WALLETS)
    expect(seen.wallets.has('solana:Late')).toBe(true)
  })
})

describe('Solana Wallet Standard accounts', () => {
  it('an account whose public key is not the key its address names is not taken: the adapter connects with the one that is, or not at all', async () => {
    const registry = walletRegistry()
    registry.register(
      solanaWallet('Mixed', [account(1, 2), account(3)]),
      solanaWallet('Forged', [account(4, 5)]),
    )
    const adapter = adapterOn(registry)
    const mixed = await adapter.connect({ connectorId: 'solana:Mixed', network })
    expect([mixed.address, mixed.accounts]).toEqual([account(3).address, [account(3).address]])
    await expect(adapter.connect({ connectorId: 'solana:Forged', network })).rejects.toMatchObject({
      code: 'CONNECTOR_ACCOUNT_NOT_FOUND',
    })
  })

  it("a wallet's sign-in naming an address of one key and the public key of another is refused", async () => {
    const forged = solanaWallet('Forged sign-in', [account(1)], account(1, 2))
    const signIn = standardSigner(forged, account(1)).signIn
    await expect(signIn?.({})).rejects.toThrow('the public key is not the one the address names')
    const honest = solanaWallet('Honest sign-in', [account(1)], account(1))
    await expect(standardSigner(honest, account(1)).signIn?.({})).resolves.toMatchObject({
      address: account(1).address,
    })
  })
})
