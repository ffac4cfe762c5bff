import { describe, expect, expectTypeOf, it } from 'vitest'
import { defaultPurchaseCurrency, type PurchaseCurrency } from '../../../modal/index.js'
import { initialOnrampState } from '../../../modal/onramp/defaults.js'

describe('the onramp’s default currencies (spec §3, §9)', () => {
  it('ENT-07 the default purchase currency is a USD Coin token with id, name, symbol and the networks ethereum-mainnet (chain 1) and polygon-mainnet (chain 137), each with display_name, chain_id and contract_address', () => {
    expectTypeOf(defaultPurchaseCurrency).toEqualTypeOf<PurchaseCurrency>()
    expect(defaultPurchaseCurrency).toEqual({
      id: '2b92315d-eab7-5bef-84fa-089a131333f5',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum-mainnet',
          display_name: 'Ethereum',
          chain_id: '1',
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
        {
          name: 'polygon-mainnet',
          display_name: 'Polygon',
          chain_id: '137',
          contract_address: '0x2791bca1f2de4661ed88a30c99a7a9449aa84174',
        },
      ],
    })
    // The onramp starts from it: the currency to buy, and the only one offered until the api names others.
    expect(initialOnrampState.purchaseCurrency).toBe(defaultPurchaseCurrency)
    expect(initialOnrampState.purchaseCurrencies).toEqual([defaultPurchaseCurrency])
  })
})
