import { describe, expect, it } from 'vitest'
import { watchAnnouncedWallets } from '../../../../modal/adapters/eip155/discovery.js'
import { Eip155Adapter } from '../../../../modal/adapters/eip155/eip155Adapter.js'
import type { AdapterEvent } from '../../../../modal/adapters/types.js'
import { MAX_DISCOVERED_WALLETS } from '../../../../modal/core/walletAdmission.js'
import { FakeProvider } from '../../support/fakeProvider.js'
import { announce, createPage, walletInfo } from '../../support/page.js'

const provider = new FakeProvider({ accounts: [], chainId: 1 })

/** `count` wallets of distinct rdns announcing themselves, as a hostile page script can. */
function flood(page: EventTarget, count: number): void {
  for (let i = 0; i < count; i++) announce(page, walletInfo(`Wallet ${i}`, `com.example.w${i}`), provider)
}

describe('EIP-6963 discovery of untrusted announcements', () => {
  it(`keeps the first ${MAX_DISCOVERED_WALLETS} of 2,000 announced wallets, hears of no other, and reports each one ignored`, () => {
    const page = createPage()
    const published: number[] = []
    const reasons: string[] = []
    watchAnnouncedWallets(
      page,
      (wallets) => published.push(wallets.length),
      (_message, detail) => reasons.push((detail as { reason: string }).reason),
    )
    flood(page, 2_000)
    expect(published).toHaveLength(MAX_DISCOVERED_WALLETS)
    expect(published.at(-1)).toBe(MAX_DISCOVERED_WALLETS)
    expect(reasons).toHaveLength(2_000 - MAX_DISCOVERED_WALLETS)
    expect(new Set(reasons)).toEqual(new Set([`more than ${MAX_DISCOVERED_WALLETS} wallets`]))
  })

  it('the adapter lists at most that many announced wallets and publishes no list for the ones ignored', () => {
    const page = createPage()
    const lists: number[] = []
    new Eip155Adapter().setup({
      networks: [],
      target: page,
      emit: (event: AdapterEvent) => {
        if (event.type === 'connectors') lists.push(event.connectors.length)
      },
      enableInjected: true,
      enableEIP6963: true,
    })
    flood(page, 2_000)
    // One list at setup, then one per wallet kept.
    expect(lists).toHaveLength(1 + MAX_DISCOVERED_WALLETS)
    expect(lists.at(-1)).toBe(MAX_DISCOVERED_WALLETS)
  })

  it('ignores, and reports, a blank or over-long name, one with control or bidi characters, an over-long uuid and an rdns that is no reverse-DNS name', () => {
    const page = createPage()
    const kept: string[] = []
    const reported: string[] = []
    watchAnnouncedWallets(
      page,
      (wallets) => kept.splice(0, kept.length, ...wallets.map((w) => w.rdns)),
      (message) => reported.push(message),
    )
    const ignored = [
      walletInfo('   ', 'com.example.blank'),
      walletInfo('W'.repeat(65), 'com.example.long'),
      walletInfo('\u202eksaMateM', 'com.example.bidi'),
      walletInfo('Meta\u0007Mask', 'com.example.control'),
      { ...walletInfo('Long uuid', 'com.example.uuid'), uuid: 'u'.repeat(65) },
      walletInfo('One label', 'metamask'),
      walletInfo('Markup', 'com.example.<b>'),
      walletInfo('Empty label', 'com..example'),
      walletInfo('Long label', `com.${'a'.repeat(64)}`),
      walletInfo('Long rdns', `com.${Array.from({ length: 63 }, () => 'abc').join('.')}`),
    ]
    for (const info of ignored) announce(page, info, provider)
    announce(page, walletInfo('W'.repeat(64), 'io.metamask'), provider)
    announce(page, walletInfo('Rabby', 'io.rabby-wallet.app'), provider)
    expect(kept).toEqual(['io.metamask', 'io.rabby-wallet.app'])
    expect(reported).toHaveLength(ignored.length)
  })
})
