import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../modal/api/client.js'
import { coinbaseCheckoutUrl, configuredProviders } from '../../../modal/onramp/externalProviders.js'
import { fakeApi } from '../support/fakeApi.js'
import { alice } from '../support/kit.js'

describe('onramp providers the api is configured for', () => {
  it('reads the configured names and Meld’s widget URL and public key', async () => {
    const { api } = fakeApi(() => ({
      providers: [{ name: 'sandbox' }, { name: 'meld', url: 'https://meldcrypto.com', publicKey: 'pk' }],
    }))
    expect(await configuredProviders(api)).toEqual({
      names: ['sandbox', 'meld'],
      meld: { url: 'https://meldcrypto.com', publicKey: 'pk' },
    })
  })

  it('asks the api for a Coinbase session and answers its checkout URL; a failure keeps its text', async () => {
    const { api, requests } = fakeApi(() => ({
      url: 'https://pay.coinbase.com/buy/select-asset?sessionToken=t',
    }))
    expect(await coinbaseCheckoutUrl(api, { address: alice, symbol: 'USDC', amount: '50' })).toBe(
      'https://pay.coinbase.com/buy/select-asset?sessionToken=t',
    )
    expect(requests[0]).toMatchObject({
      path: '/v1/onramp/coinbase/session',
      body: { address: alice, assets: ['USDC'], presetFiatAmount: '50' },
    })
    const { api: failing } = fakeApi(() => new ApiError('SERVER_ERROR', 502))
    await expect(
      coinbaseCheckoutUrl(failing, { address: alice, symbol: 'USDC', amount: undefined }),
    ).rejects.toThrow('Server Error')
  })
})
