import { describe, expect, it } from 'vitest'
import { type ApiClient, ApiError } from '../../../modal/api/client.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { onrampProviderOptions } from '../../../modal/onramp/defaults.js'
import {
  getOnrampQuote,
  loadOnrampOptions,
  onrampQuoteKey,
  onrampState,
  setOnrampProviders,
  setPaymentAmount,
  setSelectedProvider,
} from '../../../modal/onramp/onrampController.js'
import { sandboxProvider } from '../../../modal/onramp/sandboxProvider.js'
import type { OnrampProviderOption } from '../../../modal/onramp/types.js'
import { defaultPaymentCurrency, defaultPurchaseCurrency } from '../../../modal/state/onrampCurrencies.js'
import { type ApiRequest, fakeApi } from '../support/fakeApi.js'
import { alice, createKit, evmNetwork, solanaMainnet } from '../support/kit.js'

const usdc = {
  id: 'tUSDC',
  name: 'Test USD Coin',
  symbol: 'tUSDC',
  networks: [{ name: 'eip155:31337', display_name: 'Anvil', chain_id: '31337', contract_address: '0x1' }],
}
const options = { paymentCurrencies: [defaultPaymentCurrency], purchaseCurrencies: [usdc] }
const amount = (value: string) => ({ amount: value, currency: 'USD' })
const quote = {
  paymentTotal: amount('50.00'),
  paymentSubtotal: amount('48.63'),
  purchaseAmount: { amount: '48.63', currency: 'tUSDC' },
  coinbaseFee: amount('0.99'),
  providerFee: amount('0.99'),
  networkFee: amount('0.38'),
  quoteId: 'q1.x.y',
  expiresAt: '2026-01-01T00:00:00.000Z',
}
const target = { paymentMethod: 'card', caipNetworkId: 'eip155:31337', address: alice }

function kitWith(networks: CaipNetwork[] = [evmNetwork(31337, 'http://127.0.0.1:1')]) {
  return createKit({ options: { networks, projectId: 'project-1' } })
}
const meld = onrampProviderOptions.find((each) => each.name === 'meld') as OnrampProviderOption

/** `answering`, but each POST (a quote) is answered only when the test opens its gate, in the order asked. */
function gatedPosts(answering: ApiClient) {
  const gates: (() => void)[] = []
  const api: ApiClient = {
    get: answering.get,
    post: async (path, query, body, schema) => {
      await new Promise<void>((go) => gates.push(go))
      return answering.post(path, query, body, schema)
    },
  }
  return { api, gates }
}
type QuoteBody = { amount: string; paymentMethod: string }
/** Answers `quote`, or refuses as the provider does the quote requests `refused` picks. */
const quoteUnless =
  (refused: (body: QuoteBody) => boolean) =>
  ({ body }: ApiRequest) =>
    refused(body as QuoteBody)
      ? new ApiError('SERVER_ERROR', 400, undefined, { code: 'X', message: 'Minimum is 10.00 USD' })
      : quote

describe('onramp controller', () => {
  it('ENT-08 ONR-08 the default payment currency is USD with card 10.00–7500.00 and ach_bank_account 10.00–25000.00', () => {
    const state = onrampState(kitWith().store.get())
    expect(state.paymentCurrency).toEqual({
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    })
    expect(state.purchaseCurrency.symbol).toBe('USDC')
    expect(state.purchaseCurrency.networks.map((each) => [each.name, each.chain_id])).toEqual([
      ['ethereum-mainnet', '1'],
      ['polygon-mainnet', '137'],
    ])
  })

  it('ONR-01 fetching options fills purchaseCurrencies and paymentCurrencies', async () => {
    const kit = kitWith()
    const { api, requests } = fakeApi(() => options)
    await loadOnrampOptions(kit.context, sandboxProvider(api))
    const state = onrampState(kit.store.get())
    expect(requests[0]?.path).toBe('/v1/onramp/options')
    expect(state.purchaseCurrencies).toEqual([usdc])
    expect(state.paymentCurrencies).toEqual([defaultPaymentCurrency])
    expect(state.purchaseCurrency).toEqual(usdc)
  })

  it('ONR-02 a quote request sets quotesLoading and sends the currencies, the amount as text and network', async () => {
    const kit = kitWith()
    const { api, requests } = fakeApi((request) => (request.path.endsWith('options') ? options : quote))
    const provider = sandboxProvider(api)
    await loadOnrampOptions(kit.context, provider)
    setPaymentAmount(kit.context, 50)
    const asked = getOnrampQuote(kit.context, provider, target)
    expect(onrampState(kit.store.get()).quotesLoading).toBe(true)
    await asked
    expect(requests[1]).toMatchObject({
      path: '/v1/onramp/quote',
      body: {
        purchaseCurrency: usdc,
        paymentCurrency: defaultPaymentCurrency,
        amount: '50',
        network: 'tUSDC',
      },
    })
  })

  it('another payment currency from the provider’s options calls for another quote', async () => {
    const kit = kitWith()
    const before = onrampQuoteKey(onrampState(kit.store.get()))
    const euro = { ...defaultPaymentCurrency, id: 'EUR' }
    const { api } = fakeApi(() => ({
      paymentCurrencies: [euro],
      purchaseCurrencies: [defaultPurchaseCurrency],
    }))
    // A provider without USD: its options arrive after the visitor typed an amount, quoted in USD.
    await loadOnrampOptions(kit.context, sandboxProvider(api))
    const state = onrampState(kit.store.get())
    expect(state.paymentCurrency.id).toBe('EUR')
    expect(state.purchaseCurrency).toEqual(defaultPurchaseCurrency)
    expect(onrampQuoteKey(state)).not.toBe(before)
  })

  it('ONR-03 a quote ends loading with purchaseAmount from the answer, or error set to the failure message', async () => {
    const kit = kitWith()
    let refuse = false
    const { api } = fakeApi(() =>
      refuse
        ? new ApiError('SERVER_ERROR', 400, undefined, {
            code: 'AMOUNT_OUT_OF_RANGE',
            message: 'Minimum is 10.00 USD',
          })
        : quote,
    )
    const provider = sandboxProvider(api)
    setPaymentAmount(kit.context, 50)
    expect(await getOnrampQuote(kit.context, provider, target)).toEqual(quote)
    expect(onrampState(kit.store.get())).toMatchObject({
      quotesLoading: false,
      purchaseAmount: 48.63,
      error: null,
    })
    refuse = true
    setPaymentAmount(kit.context, 5)
    expect(await getOnrampQuote(kit.context, provider, target)).toBeNull()
    expect(onrampState(kit.store.get())).toMatchObject({
      quotesLoading: false,
      purchaseAmount: undefined,
      error: 'Minimum is 10.00 USD',
    })
  })

  it('a quote answered after the amount changed leaves the later amount’s quote and loading in the state', async () => {
    const kit = kitWith()
    // The service answers each request when the test says so: here the later one first.
    const { api, gates } = gatedPosts(fakeApi(quoteUnless((body) => body.amount === '5')).api)
    const provider = sandboxProvider(api)
    setPaymentAmount(kit.context, 5)
    const first = getOnrampQuote(kit.context, provider, target)
    setPaymentAmount(kit.context, 50)
    const second = getOnrampQuote(kit.context, provider, target)
    expect(gates).toHaveLength(2)
    gates[1]?.()
    expect(await second).toEqual(quote)
    gates[0]?.()
    expect(await first).toBeNull()
    expect(onrampState(kit.store.get())).toMatchObject({
      quotesLoading: false,
      purchaseAmount: 48.63,
      error: null,
    })
  })

  it('a quote its caller gave up for another payment method, account or network leaves the state to the next one', async () => {
    const kit = kitWith()
    const { api, gates } = gatedPosts(fakeApi(quoteUnless((body) => body.paymentMethod === 'card')).api)
    const provider = sandboxProvider(api)
    setPaymentAmount(kit.context, 50)
    const byCard = new AbortController()
    const first = getOnrampQuote(kit.context, provider, target, byCard.signal)
    byCard.abort()
    const second = getOnrampQuote(kit.context, provider, { ...target, paymentMethod: 'ach_bank_account' })
    gates[1]?.()
    expect(await second).toEqual(quote)
    gates[0]?.()
    await first
    expect(onrampState(kit.store.get())).toMatchObject({
      quotesLoading: false,
      purchaseAmount: 48.63,
      error: null,
    })
  })

  it('a quote given up with none asked after it ends loading and leaves no error', async () => {
    const kit = kitWith()
    const { api, gates } = gatedPosts(fakeApi(quoteUnless((body) => body.amount === '5')).api)
    setPaymentAmount(kit.context, 5)
    const given = new AbortController()
    const asked = getOnrampQuote(kit.context, sandboxProvider(api), target, given.signal)
    given.abort()
    expect(onrampState(kit.store.get()).quotesLoading).toBe(false)
    gates[0]?.()
    await asked
    expect(onrampState(kit.store.get())).toMatchObject({ quotesLoading: false, error: null })
  })

  it('a quote answered after the provider’s options named the same currencies ends loading with its answer', async () => {
    const kit = kitWith()
    const { api, gates } = gatedPosts(
      fakeApi((request) =>
        request.path.endsWith('options')
          ? { paymentCurrencies: [defaultPaymentCurrency], purchaseCurrencies: [defaultPurchaseCurrency] }
          : quote,
      ).api,
    )
    const provider = sandboxProvider(api)
    setPaymentAmount(kit.context, 50)
    const asked = getOnrampQuote(kit.context, provider, target)
    // The options the view asked for on opening arrive while the quote is asked: the currencies are the same.
    await loadOnrampOptions(kit.context, provider)
    gates[0]?.()
    expect(await asked).toEqual(quote)
    expect(onrampState(kit.store.get())).toMatchObject({ quotesLoading: false, purchaseAmount: 48.63 })
  })

  it('ONR-04 providers that are not an array of strings give an empty provider list', () => {
    const kit = kitWith()
    setOnrampProviders(kit.context, ['meld', 'coinbase'])
    expect(onrampState(kit.store.get()).providers.map((each) => each.name)).toEqual(['meld', 'coinbase'])
    for (const bad of ['meld', { meld: true }, ['meld', 1], [null], undefined]) {
      setOnrampProviders(kit.context, ['meld'])
      setOnrampProviders(kit.context, bad)
      expect(onrampState(kit.store.get()).providers).toEqual([])
    }
  })

  it('ONR-05 choosing a provider sets selectedProvider', () => {
    const kit = kitWith()
    const sandbox = onrampProviderOptions[0] as OnrampProviderOption
    setSelectedProvider(kit.context, sandbox)
    expect(onrampState(kit.store.get()).selectedProvider).toEqual(sandbox)
  })

  it('ONR-06 the meld URL gains publicKey, walletAddress and externalCustomerId (the project id)', () => {
    const kit = kitWith()
    kit.store.set(({ account }) => ({ account: { ...account, address: alice } }))
    setSelectedProvider(kit.context, meld, { publicKey: 'pk-test' })
    const url = new URL(onrampState(kit.store.get()).selectedProvider?.url ?? '')
    expect(url.origin).toBe('https://meldcrypto.com')
    expect(url.searchParams.get('publicKey')).toBe('pk-test')
    expect(url.searchParams.get('walletAddress')).toBe(alice)
    expect(url.searchParams.get('externalCustomerId')).toBe('project-1')
  })

  it('ONR-07 the meld destinationCurrencyCode is SOL on solana and USDC otherwise', () => {
    const code = (kit: ReturnType<typeof kitWith>) => {
      setSelectedProvider(kit.context, meld, { publicKey: 'pk' })
      return new URL(onrampState(kit.store.get()).selectedProvider?.url ?? '').searchParams.get(
        'destinationCurrencyCode',
      )
    }
    expect(code(kitWith())).toBe('USDC')
    const solana = kitWith([evmNetwork(31337, 'http://127.0.0.1:1'), solanaMainnet])
    solana.store.set(() => ({ activeChain: 'solana' }))
    expect(code(solana)).toBe('SOL')
  })

  it('keeps its state per modal instance', () => {
    const [one, two] = [kitWith(), kitWith()]
    setPaymentAmount(one.context, 70)
    setOnrampProviders(one.context, ['meld'])
    expect(onrampState(two.store.get())).toMatchObject({ paymentAmount: undefined, providers: [] })
  })
})
