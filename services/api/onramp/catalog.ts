import { type Address, getAddress } from 'viem'

/** One payment method's limits in the payment currency, as decimal text ('10.00'). */
export type PaymentMethodLimit = { id: 'card' | 'ach_bank_account'; min: string; max: string }
export type PaymentCurrency = { id: string; payment_method_limits: PaymentMethodLimit[] }
export type PurchaseNetwork = {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}
export type PurchaseCurrency = { id: string; name: string; symbol: string; networks: PurchaseNetwork[] }

/** What the sandbox sells: each currency's price in USD cents and how it is delivered on the chain. */
export type SandboxAsset = {
  readonly currency: PurchaseCurrency
  readonly decimals: number
  readonly priceCents: bigint
  /** The token minted on delivery; absent for the native coin, which is sent. */
  readonly token?: Address
  /** Gas a delivery takes, for the network fee. */
  readonly deliveryGas: bigint
}

/** AppKit's default payment currency: USD with its card and bank limits (spec §9). */
export const usdPaymentCurrency: PaymentCurrency = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}

/** Card 1.5 % (at least 0.99 USD), bank transfer 0.5 %: basis points and minimum in cents. */
export const paymentMethodFees = {
  card: { basisPoints: 150n, minCents: 99n },
  ach_bank_account: { basisPoints: 50n, minCents: 0n },
} as const

export type SandboxPrices = { USDC?: string; tETH?: string }

const cents = (usd: string) => {
  const [whole = '0', fraction = ''] = usd.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}

/** The sandbox's two assets on one local chain: test USDC (minted) and tETH (sent). */
export function sandboxAssets(config: {
  chainId: number
  testUsdc: Address
  prices?: SandboxPrices
}): SandboxAsset[] {
  const network = (contract: string): PurchaseNetwork => ({
    name: `eip155:${config.chainId}`,
    display_name: 'Anvil',
    chain_id: String(config.chainId),
    contract_address: contract,
  })
  return [
    {
      currency: {
        id: 'tUSDC',
        name: 'Test USD Coin',
        symbol: 'tUSDC',
        networks: [network(getAddress(config.testUsdc))],
      },
      decimals: 6,
      priceCents: cents(config.prices?.USDC ?? '1.00'),
      token: getAddress(config.testUsdc),
      deliveryGas: 75_000n,
    },
    {
      currency: { id: 'tETH', name: 'Test Ether', symbol: 'tETH', networks: [network('')] },
      decimals: 18,
      priceCents: cents(config.prices?.tETH ?? '2500.00'),
      deliveryGas: 21_000n,
    },
  ]
}
