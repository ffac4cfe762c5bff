import { act, createElement, type ReactNode } from 'react'
import type { createRoot, Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActivityItem } from '../../../modal/api/activity.js'
import type { Nft } from '../../../modal/api/nfts.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { TokenBalance } from '../../../modal/state/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { AllWalletsView } from '../../../modal/ui/views/AllWalletsView.js'
import { ActivityTab } from '../../../modal/ui/views/account/ActivityTab.js'
import { NftGrid } from '../../../modal/ui/views/account/NftsTab.js'
import { TokensTab } from '../../../modal/ui/views/account/TokensTab.js'
import { type FakeElement, installFakeDom } from '../support/fakeDom.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, anvilPair, bob, createKit, injectedKit, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

// A row list keyed twice by one key is drawn right the first time; React goes wrong when the list changes,
// keeping a row it should drop. So each test mounts with React's client renderer and changes the list.

let dom: ReturnType<typeof installFakeDom>
let createClientRoot: typeof createRoot
let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  dom = installFakeDom()
  ;({ createRoot: createClientRoot } = await import('react-dom/client'))
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

afterAll(() => dom.uninstall())

const apiUrl = 'http://127.0.0.1:8788'

/** `node` mounted for `kit` in an element of the fake page; `rows` reads the texts of the rows `testId` marks. */
async function mounted(kit: AppKit, node: ReactNode) {
  const host = dom.document.createElement('div')
  dom.document.body.appendChild(host)
  const root: Root = createClientRoot(host as unknown as Element)
  const render = (next: ReactNode) =>
    act(async () => {
      root.render(createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, next))
    })
  await render(node)
  const elements = (accept: (element: FakeElement) => boolean) => host.descendants(accept)
  const rows = (testId: string) =>
    elements((el) => el.getAttribute('data-testid') === testId).map((el) => el.textContent)
  return { render, rows, elements, unmount: () => act(() => root.unmount()) }
}

/** Alice connected on Anvil with the api configured; `fetch` answers the api. */
async function accountKit(fetch: typeof globalThis.fetch = () => new Promise(() => {})) {
  const { kit } = injectedKit({
    options: { networks: [anvil, anvil2], projectId: 'demo', apiUrl },
    environment: { fetch },
  })
  await kit.connect('injected')
  await until(kit, (s) => s.account.balanceError !== undefined, 10_000)
  return kit
}

describe('list rows that could share a key', () => {
  it('All Wallets drops an installed wallet’s row when it is hidden, though a registry wallet has its rdns as id', async () => {
    const page = createPage()
    installAnnouncedWallet(
      page,
      walletInfo('Installed One', 'io.example.one'),
      new FakeProvider({ accounts: [alice], chainId: 31337 }),
    )
    const kit = createKit({ options: { networks: [anvil] }, environment: { target: page } })
    kit.store.set({
      wallets: [
        { id: 'io.example.two', name: 'Registry Two', homepage: 'https://two.example' },
        // A registry whose ids are rdns may give another wallet's: not this installed one, whose rdns differs.
        {
          id: 'io.example.one',
          name: 'Registry Three',
          rdns: 'io.example.three',
          homepage: 'https://three.example',
        },
      ],
    })
    const view = await mounted(kit, createElement(AllWalletsView))
    const names = () => view.elements((el) => el.getAttribute('class') === 'name').map((el) => el.textContent)
    expect(names()).toEqual(['Installed One', 'Get Registry Two', 'Get Registry Three'])
    // Opened for Solana, where the wallet is not installed: its row goes.
    await act(async () => kit.store.set({ connectNamespace: 'solana' }))
    expect(names()).toEqual(['Get Registry Two', 'Get Registry Three'])
    await view.unmount()
  })

  it('the NFT grid shows each NFT once when two long token ids are cut to the same text and the order changes', async () => {
    const kit = await accountKit()
    const contract = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
    // As fetchNfts leaves two ids longer than a uint256's 78 digits that differ only past the cut.
    const cut = `${'9'.repeat(77)}…`
    const nft = (name: string, tokenId: string): Nft => ({
      contract,
      tokenId,
      name,
      collection: { name: 'Pairs', symbol: 'P' },
    })
    const [first, other, second] = [nft('First', cut), nft('Other', '7'), nft('Second', cut)]
    const grid = (value: Nft[]) => createElement(NftGrid, { nfts: { status: 'done', value } })
    const view = await mounted(kit, grid([first, other, second]))
    await view.render(grid([other, first, second]))
    expect(view.rows('nft').map((text) => text.split('Pairs')[0])).toEqual(['Other', 'First', 'Second'])
    await view.unmount()
  })

  it('Tokens shows each balance once when the answer lists a token twice and the order changes', async () => {
    const kit = await accountKit()
    const token = (symbol: string, address: string): TokenBalance => ({
      name: `Token ${symbol}`,
      symbol,
      chainId: 'eip155:31337',
      address: `eip155:31337:${address}`,
      value: 0,
      price: 0,
      quantity: { decimals: '6', numeric: '1' },
      iconUrl: '',
    })
    const twice = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const [a, b, c] = [token('AAA', twice), token('BBB', alice), token('CCC', twice)]
    const setTokens = (tokenBalance: TokenBalance[]) =>
      kit.store.set(({ account }) => ({ account: { ...account, tokenBalance } }))
    setTokens([a, b, c])
    const view = await mounted(kit, createElement(TokensTab))
    await act(async () => setTokens([b, a, c]))
    const symbols = view.elements(
      (el) => el.getAttribute('class') === 'muted' && /^[A-Z]{3}$/.test(el.textContent),
    )
    expect(symbols.map((el) => el.textContent)).toEqual(['BBB', 'AAA', 'CCC'])
    await view.unmount()
  })

  it('Activity shows a transfer once when the page after “Load more” lists it again, now mined', async () => {
    const now = Math.floor(Date.now() / 1000)
    const transfer = (id: string, amount: string, status: ActivityItem['status']) => ({
      id,
      hash: `0x${id.padStart(64, '0')}`,
      blockNumber: status === 'pending' ? null : 12,
      timestamp: now - 60,
      status,
      direction: 'in',
      from: bob,
      to: alice,
      kind: 'native',
      amount,
    })
    const pages: Record<string, unknown> = {
      first: { data: [transfer('a1', '1', 'pending'), transfer('a2', '2', 'confirmed')], next: 'more' },
      more: { data: [transfer('a1', '1', 'confirmed'), transfer('a3', '3', 'confirmed')], next: null },
    }
    const kit = await accountKit(async (url) => {
      const { pathname, searchParams } = new URL(String(url))
      if (pathname !== '/v1/activity') return new Promise(() => {})
      return new Response(JSON.stringify(pages[searchParams.get('cursor') ?? 'first']))
    })
    const view = await mounted(kit, createElement(ActivityTab))
    await settle()
    expect(view.rows('activity-item')).toHaveLength(2)
    const loadMore = view.elements((el) => el.tagName === 'BUTTON' && el.textContent === 'Load more')[0]
    await act(async () => reactProps(loadMore).onClick?.())
    await settle()
    expect(view.rows('activity-item').map((text) => /\+\d\.\d\d/.exec(text)?.[0])).toEqual([
      '+1.00',
      '+2.00',
      '+3.00',
    ])
    await view.unmount()
  })
})

/** Lets the api's answers arrive and React draw them. */
function settle(): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)))
}

/** The props React gave an element: the fake page dispatches no events, so a test calls the handler. */
function reactProps(element: FakeElement | undefined): { onClick?: () => void } {
  const entry = Object.entries(element ?? {}).find(([name]) => name.startsWith('__reactProps$'))
  return (entry?.[1] ?? {}) as { onClick?: () => void }
}
