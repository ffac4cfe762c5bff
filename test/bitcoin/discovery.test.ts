import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import type { BitcoinConnector } from '../../bitcoin/connectors/connector.js'
import { watchBitcoinWallets } from '../../bitcoin/discovery.js'
import { MAX_DISCOVERED_WALLETS } from '../../modal/core/walletAdmission.js'
import { walletRegistry } from '../support/walletRegistry.js'

/** A Bitcoin Wallet Standard wallet named `name`; nothing in these tests connects it. */
function standardWallet(name: string): Wallet {
  const unused = async () => {
    throw new Error('not in this test')
  }
  return {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['bitcoin:regtest'],
    accounts: [],
    features: {
      'bitcoin:connect': { version: '1.0.0', connect: unused },
      'bitcoin:signTransaction': { version: '1.0.0', signTransaction: unused },
    },
  }
}

/** The connectors the page's wallets give, and what `report` heard. */
function watched(registry: ReturnType<typeof walletRegistry>, page: object = {}) {
  const seen: { connectors: readonly BitcoinConnector[]; published: number } = {
    connectors: [],
    published: 0,
  }
  const reasons: string[] = []
  watchBitcoinWallets({
    registry: registry as never,
    page,
    onChange: (connectors) => {
      seen.connectors = connectors
      seen.published++
    },
    later: [],
    report: (_message, detail) => reasons.push((detail as { reason: string }).reason),
  })
  return { seen, reasons }
}

describe('Bitcoin discovery of untrusted Wallet Standard wallets', () => {
  it("a standard wallet named unisat, okx, leather or sats-connect:… does not take a built-in connector's id", () => {
    const registry = walletRegistry()
    registry.register(
      ...['unisat', 'okx', 'leather', 'sats-connect:XverseProviders.BitcoinProvider'].map(standardWallet),
    )
    const page = { unisat: { signPsbt: async () => '' } }
    const { seen, reasons } = watched(registry, page)
    expect(seen.connectors.map((c) => [c.id, c.name])).toEqual([['bip122:unisat', 'Unisat']])
    expect(reasons).toEqual([
      'the id bip122:unisat is kept for a wallet that is not a standard one',
      'the id bip122:okx is kept for a wallet that is not a standard one',
      'the id bip122:leather is kept for a wallet that is not a standard one',
      'the id bip122:sats-connect:XverseProviders.BitcoinProvider is kept for a wallet that is not a standard one',
    ])
  })

  it('a standard wallet registering under the name of one registered before is ignored; the first keeps the id', () => {
    const registry = walletRegistry()
    const { seen, reasons } = watched(registry)
    const real = standardWallet('Xverse')
    registry.register(real)
    registry.register(standardWallet('Xverse'))
    expect(seen.connectors.map((c) => c.id)).toEqual(['bip122:Xverse'])
    expect((seen.connectors[0] as BitcoinConnector & { wallet: Wallet }).wallet).toBe(real)
    expect(reasons).toEqual(['the id bip122:Xverse is taken'])
  })

  it(`keeps at most ${MAX_DISCOVERED_WALLETS} standard wallets, none named blank or past 64 characters, and republishes for none ignored`, () => {
    const registry = walletRegistry()
    const { seen, reasons } = watched(registry)
    registry.register(standardWallet(''), standardWallet('B'.repeat(65)))
    for (let i = 0; i < 2_000; i++) registry.register(standardWallet(`Wallet ${i}`))
    expect(seen.connectors).toHaveLength(MAX_DISCOVERED_WALLETS)
    // Once when discovery starts, then once per wallet kept: an ignored one republishes nothing.
    expect(seen.published).toBe(1 + MAX_DISCOVERED_WALLETS)
    expect(reasons.slice(0, 2)).toEqual(['a blank name', 'a name longer than 64 characters'])
    expect(reasons).toHaveLength(2 + 2_000 - MAX_DISCOVERED_WALLETS)
  })
})
