import { describe, expect, it } from 'vitest'
import { bundledWallets } from '../../../modal/wallets/bundled.js'
import { walletConnectLink } from '../../../modal/wallets/deepLink.js'
import { applyWalletFilters, isNamed, searchWallets } from '../../../modal/wallets/filter.js'
import { loadRegistry, withSafeUrls } from '../../../modal/wallets/loadRegistry.js'
import { registryWalletSchema } from '../../../modal/wallets/types.js'

const ids = (wallets: { id: string }[]) => wallets.map((w) => w.id)

describe('wallet filters', () => {
  it('ROLE-12 wallets excluded by rdns or by name are removed', () => {
    const kept = applyWalletFilters(bundledWallets, { excludeWalletIds: ['io.metamask', 'trust wallet'] })
    expect(ids(kept)).not.toContain('metamask')
    expect(ids(kept)).not.toContain('trust')
    expect(kept).toHaveLength(bundledWallets.length - 2)
    expect(ids(applyWalletFilters(bundledWallets, { excludeWalletIds: ['rainbow'] }))).not.toContain(
      'rainbow',
    )
  })

  it('include narrows the list to the wallets named by id, rdns or name; exclude still wins', () => {
    const kept = applyWalletFilters(bundledWallets, {
      includeWalletIds: ['safe', 'io.rabby', 'Zerion', 'me.rainbow'],
      excludeWalletIds: ['Rainbow'],
    })
    expect(ids(kept)).toEqual(['rabby', 'zerion', 'safe'])
  })

  it('featured wallets come first, in the order given; the rest keep their order', () => {
    const sorted = applyWalletFilters(bundledWallets, {
      featuredWalletIds: ['phantom', 'com.coinbase.wallet'],
    })
    expect(ids(sorted).slice(0, 3)).toEqual(['phantom', 'coinbase', 'metamask'])
    expect(sorted).toHaveLength(bundledWallets.length)
  })

  it('names match ids exactly, and rdns (domain names) and names case-insensitively', () => {
    const wallet = { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }
    expect(isNamed(wallet, ['METAMASK'])).toBe(true)
    expect(isNamed(wallet, ['IO.METAMASK'])).toBe(true)
    expect(isNamed(wallet, ['meta'])).toBe(false)
  })

  it('an announced wallet whose rdns differs in case from the configured one is still excluded, included or featured', () => {
    // EIP-6963 takes the rdns in any case, and the connector id is the rdns as announced.
    const announced = { id: 'io.Acme', name: 'Acme', rdns: 'io.Acme' }
    const other = { id: 'io.other', name: 'Other', rdns: 'io.other' }
    expect(applyWalletFilters([announced, other], { excludeWalletIds: ['io.acme'] })).toEqual([other])
    expect(applyWalletFilters([announced, other], { includeWalletIds: ['io.acme'] })).toEqual([announced])
    expect(applyWalletFilters([other, announced], { featuredWalletIds: ['io.acme'] })).toEqual([
      announced,
      other,
    ])
  })

  it('search matches part of the name, ignoring case and surrounding spaces', () => {
    expect(ids(searchWallets(bundledWallets, '  WALLET '))).toEqual([
      'trust',
      'coinbase',
      'rabby',
      'okx',
      'uniswap',
    ])
    expect(searchWallets(bundledWallets, '')).toEqual(bundledWallets)
    expect(searchWallets(bundledWallets, 'nothing like it')).toEqual([])
  })

  it('search ignores accents and how they were typed, so a wallet is found from any keyboard', () => {
    const wallets = [
      { id: 'fenix', name: 'Fénix' },
      { id: 'sao', name: 'Carteira S\u0061\u0303o Paulo' },
    ]
    expect(ids(searchWallets(wallets, 'fenix'))).toEqual(['fenix'])
    expect(ids(searchWallets(wallets, ' FÉNIX'))).toEqual(['fenix'])
    // The same letter precomposed (U+00E3) in the query and decomposed (a + U+0303) in the name.
    expect(ids(searchWallets(wallets, 'S\u00e3o'))).toEqual(['sao'])
    expect(ids(searchWallets(wallets, 'sao paulo'))).toEqual(['sao'])
  })
})

describe('wallet registry', () => {
  it('the bundled registry is valid and names each wallet once', () => {
    for (const wallet of bundledWallets) {
      expect(registryWalletSchema.parse(wallet)).toEqual(wallet)
      // Every bundled link, deep link and icon passes the URL rules (core/safeUrl.ts) untouched.
      expect(withSafeUrls(wallet, () => expect.unreachable())).toEqual(wallet)
    }
    expect(new Set(ids(bundledWallets)).size).toBe(bundledWallets.length)
  })

  it('links a phone wallet with the pairing URI, universal link first', () => {
    const metamask = bundledWallets.find((w) => w.id === 'metamask')!
    expect(walletConnectLink(metamask, 'wc:a@2?x=1')).toBe(
      'https://metamask.app.link/wc?uri=wc%3Aa%402%3Fx%3D1',
    )
    expect(walletConnectLink({ id: 'n', name: 'N', mobile: { native: 'nwallet://' } }, 'wc:b')).toBe(
      'nwallet://wc?uri=wc%3Ab',
    )
    expect(walletConnectLink({ id: 'r', name: 'Rabby' }, 'wc:c')).toBeUndefined()
  })

  it("uses the integrator's registry when valid, and the bundled one when the fetch fails or is invalid", async () => {
    const own = [{ id: 'acme', name: 'Acme Wallet' }]
    const answer =
      (body: unknown, status = 200) =>
      async () =>
        new Response(JSON.stringify(body), { status })
    expect(await loadRegistry(undefined)).toBe(bundledWallets)
    expect(await loadRegistry('http://127.0.0.1/registry.json', answer(own))).toEqual(own)
    expect(await loadRegistry('http://127.0.0.1/registry.json', answer([{ name: 'no id' }]))).toBe(
      bundledWallets,
    )
    expect(await loadRegistry('http://127.0.0.1/registry.json', answer(own, 500))).toBe(bundledWallets)
    const refused = async () => {
      throw new TypeError('fetch failed')
    }
    expect(await loadRegistry('http://127.0.0.1/registry.json', refused)).toBe(bundledWallets)
  })
})
