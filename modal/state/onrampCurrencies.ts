import type { PaymentCurrency, PurchaseCurrency } from '../onramp/types.js'

/*
 * The onramp's default currencies, spec §3 and §9. Here rather than beside the onramp's code so that the
 * modal's entry can export them (ENT-07, ENT-08) without reaching the onramp, which loads with its views.
 */

/** ENT-07: AppKit's default purchase currency, USD Coin on Ethereum (chain 1) and Polygon (chain 137). */
export const defaultPurchaseCurrency: PurchaseCurrency = {
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
}

/** ENT-08, ONR-08: AppKit's default payment currency, USD with its card and bank limits. */
export const defaultPaymentCurrency: PaymentCurrency = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}
