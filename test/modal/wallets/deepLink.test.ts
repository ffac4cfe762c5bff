import { describe, expect, it } from 'vitest'
import { walletConnectLink } from '../../../modal/wallets/deepLink.js'
import { loadRegistry } from '../../../modal/wallets/loadRegistry.js'

const phoneWallet = (mobile: { native?: string; universal?: string }) => ({ id: 'w', name: 'W', mobile })

describe('the link that opens a phone wallet with the pairing URI', () => {
  it('is not built on a link with a query or fragment, where the pairing URI would become its parameter', async () => {
    const wallets = await loadRegistry('https://registry.example/wallets.json', async () =>
      Response.json([
        {
          id: 'lure',
          name: 'Lure',
          mobile: { universal: 'https://wallet.example/app?redirect=https://lure.example&uri=' },
        },
        { id: 'fragment', name: 'Fragment', mobile: { universal: 'https://wallet.example/app#' } },
      ]),
    )
    expect(wallets.map((w) => walletConnectLink(w, 'wc:a@2?symKey=k'))).toEqual([undefined, undefined])
  })

  it('falls back to the native link when the universal one has a query', () => {
    const wallet = phoneWallet({ native: 'metamask://', universal: 'https://wallet.example/?x=1' })
    expect(walletConnectLink(wallet, 'wc:a')).toBe('metamask://wc?uri=wc%3Aa')
    expect(walletConnectLink(phoneWallet({ native: 'okex://main?x=1' }), 'wc:a')).toBeUndefined()
  })

  it('appends its own path and query to a plain link, with or without a trailing slash', () => {
    expect(walletConnectLink(phoneWallet({ universal: 'https://wallet.example/app' }), 'wc:a')).toBe(
      'https://wallet.example/app/wc?uri=wc%3Aa',
    )
    expect(walletConnectLink(phoneWallet({ universal: 'https://wallet.example/' }), 'wc:a')).toBe(
      'https://wallet.example/wc?uri=wc%3Aa',
    )
  })
})
