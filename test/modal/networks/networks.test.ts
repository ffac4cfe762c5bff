import { describe, expect, it } from 'vitest'
import { OptionsError } from '../../../modal/controllers/options.js'
import { AppKit } from '../../../modal/core/appKit.js'
import { defaultChainId, defaultTestNetwork, ethereum } from '../../../modal/networks/presets.js'
import { caipNetworkSchema } from '../../../modal/networks/schema.js'
import { chainNamespaces } from '../../../modal/networks/types.js'

const anvil = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Anvil',
  nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: 'http://127.0.0.1:4000' } },
  testnet: true,
  assets: { imageId: 'anvil', imageUrl: 'http://127.0.0.1:4000/anvil.png' },
}

describe('networks', () => {
  it('ENT-09 a network has id, caipNetworkId, namespace, name, currency, rpcUrls, explorers, testnet and assets', () => {
    expect(caipNetworkSchema.parse(anvil)).toEqual(anvil)
    for (const field of [
      'id',
      'caipNetworkId',
      'chainNamespace',
      'name',
      'nativeCurrency',
      'rpcUrls',
    ] as const) {
      const { [field]: _dropped, ...rest } = anvil
      expect(caipNetworkSchema.safeParse(rest).success, `without ${field}`).toBe(false)
    }
    const { blockExplorers: _b, testnet: _t, assets: _a, ...required } = anvil
    expect(caipNetworkSchema.safeParse(required).success).toBe(true)
    expect(
      caipNetworkSchema.safeParse({ ...anvil, nativeCurrency: { name: 'x', decimals: 18 } }).success,
    ).toBe(false)
    expect(caipNetworkSchema.safeParse({ ...anvil, assets: { imageUrl: 7 } }).success).toBe(false)
  })

  it('ENT-09 caipNetworkId must be chainNamespace:id', () => {
    const wrong = caipNetworkSchema.safeParse({ ...anvil, caipNetworkId: 'eip155:1' })
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]?.path).toEqual(['caipNetworkId'])
    expect(() => new AppKit({ networks: [{ ...ethereum, caipNetworkId: 'eip155:2' }] })).toThrow(OptionsError)
    expect(() => new AppKit({ networks: [{ ...ethereum, caipNetworkId: 'eip155:2' }] })).toThrow(
      'Invalid createAppKit options: networks.0.caipNetworkId: caipNetworkId must be chainNamespace:id',
    )
  })

  it('ENT-10 chainNamespace accepts eip155, solana, polkadot, bip122 and cosmos, and nothing else', () => {
    expect(chainNamespaces).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
    for (const namespace of chainNamespaces) {
      const network = { ...anvil, chainNamespace: namespace, caipNetworkId: `${namespace}:31337` }
      expect(caipNetworkSchema.safeParse(network).success, namespace).toBe(true)
    }
    for (const namespace of ['tron', 'EIP155', '']) {
      const network = { ...anvil, chainNamespace: namespace, caipNetworkId: `${namespace}:31337` }
      expect(caipNetworkSchema.safeParse(network).success, namespace).toBe(false)
    }
  })

  it('CONST-10 the default chain id is 1 (Ethereum)', () => {
    expect(defaultChainId).toBe(1)
    expect(ethereum).toMatchObject({
      id: defaultChainId,
      caipNetworkId: 'eip155:1',
      chainNamespace: 'eip155',
    })
  })

  it('CONST-12 the default test network is Sepolia, chain id 11155111', () => {
    expect(defaultTestNetwork).toMatchObject({
      id: 11155111,
      name: 'Sepolia',
      caipNetworkId: 'eip155:11155111',
      chainNamespace: 'eip155',
    })
    expect(caipNetworkSchema.safeParse(defaultTestNetwork).success).toBe(true)
  })
})
