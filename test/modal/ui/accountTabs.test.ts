import { createElement, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ActivityItem } from '../../../modal/api/activity.js'
import type { Nft } from '../../../modal/api/nfts.js'
import { setCurrentTab } from '../../../modal/controllers/accountTab.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { AccountState, AccountTab, TokenBalance } from '../../../modal/state/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { ActivityList, type Feed } from '../../../modal/ui/views/account/ActivityTab.js'
import { apiImage } from '../../../modal/ui/views/account/apiImage.js'
import { relativeTime } from '../../../modal/ui/views/account/format.js'
import { NftGrid } from '../../../modal/ui/views/account/NftsTab.js'
import { shownTokens } from '../../../modal/ui/views/account/shownTokens.js'
import { TokensTab } from '../../../modal/ui/views/account/TokensTab.js'
import { tabAfterKey } from '../../../modal/ui/views/account/tabKeys.js'
import { alice, anvilPair, bob, injectedKit, unreachableRpcUrl, until } from '../support/kit.js'

const apiUrl = 'http://127.0.0.1:8788'
// Rendering runs no effects, so nothing is fetched; the api only has to be configured.
const neverFetch: typeof fetch = () => new Promise(() => {})

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function wrap(kit: AppKit, node: ReactNode, t = createTranslator()) {
  return createElement(KitContext.Provider, { value: { kit, t } }, node)
}

/** Renders with every lazy chunk loaded (prerender waits for Suspense boundaries). */
async function renderLoaded(
  kit: AppKit,
  node: ReactNode = createElement(ModalRoot),
  t = createTranslator(),
): Promise<string> {
  const { prelude } = await prerender(wrap(kit, node, t))
  return new Response(prelude).text()
}

/** Alice connected on Anvil, the Account view open; the native balance read (unreachable RPC) has settled. */
async function accountKit(options: { apiUrl?: string; history?: boolean; networks?: CaipNetwork[] } = {}) {
  const { kit } = injectedKit({
    options: {
      networks: options.networks ?? [anvil, anvil2],
      projectId: 'demo',
      ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
      ...(options.history === undefined ? {} : { features: { history: options.history } }),
    },
    environment: { fetch: neverFetch },
  })
  await kit.connect('injected')
  await until(kit, (s) => s.account.balanceError !== undefined, 10_000)
  await kit.open()
  return kit
}

function setAccount(kit: AppKit, patch: Partial<AccountState>): void {
  kit.store.set(({ account }) => ({ account: { ...account, ...patch } }))
}

const tUsd: TokenBalance = {
  name: 'Test USD',
  symbol: 'tUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 1234.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1234.5' },
  iconUrl: `${apiUrl}/v1/wallets/icons/tusd.png`,
}
const tEth: TokenBalance = {
  name: 'Test Ether',
  symbol: 'tETH',
  chainId: 'eip155:31337',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '10000' },
  iconUrl: '',
}

function selectedTab(html: string): string | undefined {
  return /<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>([^<]*)</.exec(html)?.[1]
}

function tabLabels(html: string): string[] {
  return [...html.matchAll(/<button[^>]*role="tab"[^>]*>([^<]*)</g)].map((m) => m[1] ?? '')
}

describe('Account tabs (VIEW-04)', () => {
  it('VIEW-04 Account has the tabs Tokens, NFTs and Activity as an ARIA tablist', async () => {
    const kit = await accountKit({ apiUrl })
    const html = await renderLoaded(kit)
    expect(html).toContain('role="tablist"')
    expect(tabLabels(html)).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect(html).toMatch(/role="tabpanel"[^>]*aria-labelledby="[^"]*-tab-0"/)
  })

  it('VIEW-04 currentTab in account state selects the tab shown', async () => {
    const kit = await accountKit({ apiUrl })
    const shown: [AccountTab, string][] = [
      [0, 'Tokens'],
      [1, 'NFTs'],
      [2, 'Activity'],
    ]
    for (const [tab, label] of shown) {
      setCurrentTab(kit.context, tab)
      const html = await renderLoaded(kit)
      expect(selectedTab(html)).toBe(label)
      expect(html).toContain(`data-testid="account-panel-${tab}"`)
      expect(html.match(/role="tab"[^>]*aria-selected="true"/g)).toHaveLength(1)
      expect(html).toMatch(new RegExp(`data-testid="account-tab-${tab}"[^>]*tabindex="0"`))
    }
    expect(kit.store.get().account.currentTab).toBe(2)
  })

  it('VIEW-04 the Activity tab is hidden while the activity feature is off; currentTab 2 then shows Tokens', async () => {
    const kit = await accountKit({ apiUrl, history: false })
    setCurrentTab(kit.context, 2)
    const html = await renderLoaded(kit)
    expect(tabLabels(html)).toEqual(['Tokens', 'NFTs'])
    expect(html).toContain('data-testid="account-panel-0"')
    kit.store.set(({ features }) => ({ features: { ...features, activity: true } }))
    expect(tabLabels(await renderLoaded(kit))).toEqual(['Tokens', 'NFTs', 'Activity'])
  })

  it('VIEW-04 arrow keys move along the tablist and wrap; Home and End go to the ends', () => {
    const all: AccountTab[] = [0, 1, 2]
    expect(tabAfterKey(0, 'ArrowRight', all)).toBe(1)
    expect(tabAfterKey(2, 'ArrowRight', all)).toBe(0)
    expect(tabAfterKey(0, 'ArrowLeft', all)).toBe(2)
    expect(tabAfterKey(1, 'Home', all)).toBe(0)
    expect(tabAfterKey(0, 'End', all)).toBe(2)
    expect(tabAfterKey(1, 'ArrowRight', [0, 1])).toBe(0)
    expect(tabAfterKey(1, 'Enter', all)).toBeUndefined()
  })
})

describe('Tokens tab (VIEW-05, BAL-05)', () => {
  it('VIEW-05 lists the token balances in account state with icon, name, symbol, quantity and value', async () => {
    const kit = await accountKit({ apiUrl })
    setAccount(kit, { tokenBalance: [tEth, tUsd] })
    const html = await renderLoaded(kit, createElement(TokensTab))
    expect(html.match(/data-testid="token"/g)).toHaveLength(2)
    expect(html).toContain('Test USD')
    expect(html).toContain('>tUSD<')
    expect(html).toContain('1,234.50 tUSD')
    expect(html).toContain('$1,234.50')
    expect(html).toContain(`src="${tUsd.iconUrl}"`)
    expect(html).toContain('10,000.00 tETH')
    // A token with no icon gets a drawn one; a token without a price shows no value.
    expect(html).toContain('src="data:image/svg+xml,')
    expect(html.match(/\$/g)).toHaveLength(1)
  })

  it('writes quantities in the modal’s locale: German groups with dots and marks decimals with a comma', async () => {
    const kit = await accountKit({ apiUrl })
    setAccount(kit, { tokenBalance: [tEth, tUsd] })
    const html = await renderLoaded(kit, createElement(TokensTab), createTranslator('de'))
    expect(html).toContain('10.000,00 tETH')
    expect(html).toContain('1.234,50 tUSD')
  })

  it('without an apiUrl, Tokens shows the native balance read from the chain only', async () => {
    const kit = await accountKit()
    setAccount(kit, { balance: '3.25', balanceError: undefined, tokenBalance: [tUsd] })
    const html = await renderLoaded(kit, createElement(TokensTab))
    expect(html.match(/data-testid="token"/g)).toHaveLength(1)
    expect(html).toContain('3.25 tETH')
    expect(html).not.toContain('tUSD')
  })

  it('BAL-05 after a failed load the native balance shown defaults to 0.00 of the network symbol', async () => {
    const kit = await accountKit({ apiUrl })
    setAccount(kit, { balance: '42', balanceError: undefined, lastRetry: 1_000 })
    const html = await renderLoaded(kit, createElement(TokensTab))
    expect(html.match(/data-testid="token"/g)).toHaveLength(1)
    expect(html).toContain('0.00 tETH')
    const rows = shownTokens(kit.store.get().account, anvil, true)
    expect(rows?.map((r) => [r.symbol, r.quantity.numeric])).toEqual([['tETH', '0.00']])
  })

  it('shows the native coin with its network’s own icon, as the network views do, while an api token’s icon from another host stays hidden', async () => {
    const networkIcon = 'https://icons.example/anvil.png'
    const elsewhere = 'https://elsewhere.example/icon.png'
    const kit = await accountKit({
      apiUrl,
      networks: [{ ...anvil, assets: { imageUrl: networkIcon } }, anvil2],
    })
    setAccount(kit, {
      tokenBalance: [
        { ...tEth, iconUrl: elsewhere },
        { ...tUsd, iconUrl: elsewhere },
      ],
    })
    const html = await renderLoaded(kit, createElement(TokensTab))
    const sources = [...html.matchAll(/<img [^>]*src="([^"]*)"/g)].map((match) => match[1])
    expect(sources).toEqual([networkIcon, expect.stringMatching(/^data:image\/svg\+xml,/)])
    setAccount(kit, { tokenBalance: undefined, lastRetry: 1_000 })
    expect(await renderLoaded(kit, createElement(TokensTab))).toContain(`src="${networkIcon}"`)
  })

  it('shows a loading line while the balances are on their way', () => {
    const account: AccountState = { status: 'connected', address: alice, balanceLoading: true }
    expect(shownTokens(account, anvil, true)).toBeUndefined()
    expect(shownTokens(account, anvil, false)).toBeUndefined()
  })
})

describe('NFTs tab', () => {
  const nft = (image?: string): Nft => ({
    contract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    tokenId: '7',
    collection: { name: 'Test Pairs', symbol: 'tPAIR' },
    ...(image === undefined ? {} : { image }),
  })

  it('shows each NFT with its image, name and collection; no image, or one from elsewhere, gets a drawn placeholder', async () => {
    const kit = await accountKit({ apiUrl })
    const mine = `${apiUrl}/v1/nfts/images/7.png`
    const value = [
      { ...nft(mine), name: 'Pair #7' },
      { ...nft(), tokenId: '8' },
      { ...nft('https://tracker.example/pixel.png'), tokenId: '9' },
    ]
    const html = await renderLoaded(kit, createElement(NftGrid, { nfts: { status: 'done', value } }))
    expect(html.match(/data-testid="nft"/g)).toHaveLength(3)
    expect(html).toContain(`src="${mine}"`)
    expect(html).toContain('Pair #7')
    expect(html).toContain('Test Pairs #8')
    expect(html.match(/>Test Pairs</g)).toHaveLength(3)
    expect(html.match(/src="data:image\/svg\+xml,/g)).toHaveLength(2)
    expect(html).not.toContain('tracker.example')
  })

  it('draws the placeholder of a collection whose name starts with an emoji, as anyone can send one', async () => {
    const kit = await accountKit({ apiUrl })
    const value = [{ ...nft(), collection: { name: '🎁 Claim', symbol: 'GIFT' } }]
    const html = await renderLoaded(kit, createElement(NftGrid, { nfts: { status: 'done', value } }))
    expect(html).toContain('🎁 Claim')
    expect(html).toContain(`src="data:image/svg+xml,`)
    expect(decodeURIComponent(html)).toContain('>🎁</text>')
  })

  it('says so when the NFTs could not be fetched', async () => {
    const kit = await accountKit({ apiUrl })
    const html = await renderLoaded(kit, createElement(NftGrid, { nfts: { status: 'failed' } }))
    expect(html).toContain('Failed to fetch NFTs')
  })
})

describe('Activity tab', () => {
  const now = Math.floor(Date.now() / 1000)
  const sent: ActivityItem = {
    id: 'a1',
    hash: `0x${'ab'.repeat(32)}`,
    blockNumber: 12,
    timestamp: now - 300,
    status: 'confirmed',
    direction: 'out',
    from: alice,
    to: bob,
    kind: 'native',
    amount: '1.5',
  }
  const received: ActivityItem = {
    ...sent,
    id: 'a2',
    direction: 'in',
    from: bob,
    to: alice,
    kind: 'erc20',
    amount: '25',
    token: {
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      name: 'Test USD',
      symbol: 'tUSD',
      decimals: 6,
    },
  }
  const feed = (patch: Partial<Feed>): Feed => ({
    key: 'k',
    items: [sent, received],
    next: null,
    status: 'ready',
    ...patch,
  })

  it('lists direction, shortened counterparty, amount with symbol, relative time and an explorer link', async () => {
    const kit = await accountKit({ apiUrl })
    const html = await renderLoaded(
      kit,
      createElement(ActivityList, { feed: feed({}), onLoadMore: () => {} }),
    )
    expect(html.match(/data-testid="activity-item"/g)).toHaveLength(2)
    expect(html).toContain('Sent to 0x7099…79C8')
    expect(html).toContain('−1.50 tETH')
    expect(html).toContain('Received from 0x7099…79C8')
    expect(html).toContain('+25.00 tUSD')
    expect(html).toContain('5 minutes ago')
    expect(html).toContain(`href="http://127.0.0.1:4000/tx/${sent.hash}"`)
    expect(html).not.toContain('Load more')
  })

  it('shows a question mark for an amount the api gave too long to read, and the rest of the row', async () => {
    const kit = await accountKit({ apiUrl })
    const html = await renderLoaded(
      kit,
      createElement(ActivityList, {
        feed: feed({ items: [{ ...sent, amount: undefined }] }),
        onLoadMore: () => {},
      }),
    )
    expect(html).toContain('−? tETH')
    expect(html).toContain('Sent to 0x7099…79C8')
  })

  it('writes amounts in the modal’s locale', async () => {
    const kit = await accountKit({ apiUrl })
    const html = await renderLoaded(
      kit,
      createElement(ActivityList, { feed: feed({}), onLoadMore: () => {} }),
      createTranslator('de'),
    )
    expect(html).toContain('−1,50 tETH')
    expect(html).toContain('+25,00 tUSD')
  })

  it('has no explorer link on a network without a block explorer', async () => {
    const kit = await accountKit({ apiUrl })
    const { blockExplorers: _, ...bare } = anvil
    kit.store.set({ activeNetwork: bare })
    const html = await renderLoaded(
      kit,
      createElement(ActivityList, { feed: feed({}), onLoadMore: () => {} }),
    )
    expect(html).not.toContain('/tx/')
  })

  it('lists a Bitcoin account’s transactions, a pending one among them, in tBTC with the explorer’s txid link', async () => {
    const kit = await accountKit({ apiUrl })
    // As @pairwise/bitcoin defines the local regtest network, with an explorer.
    const regtest: CaipNetwork = {
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      chainNamespace: 'bip122',
      name: 'Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin Regtest Bitcoin', symbol: 'tBTC', decimals: 8 },
      rpcUrls: { default: { http: ['http://127.0.0.1:3002/api'] } },
      blockExplorers: { default: { name: 'Explorer', url: 'http://127.0.0.1:3002' } },
      testnet: true,
    }
    kit.store.set({ activeNetwork: regtest })
    const payer = 'bcrt1q2l6f5vcxgwz5r8kwks8mwlzeyms0d6h3qlhn5m'
    const payee = 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssxdsczv'
    const pending: ActivityItem = {
      id: 'b1',
      hash: 'cd'.repeat(32),
      blockNumber: null,
      timestamp: now - 300,
      status: 'pending',
      direction: 'out',
      from: payer,
      to: payee,
      kind: 'native',
      amount: '0.0007',
      fee: '0.000005',
    }
    const funded: ActivityItem = {
      ...pending,
      id: 'b2',
      hash: 'ef'.repeat(32),
      blockNumber: 1,
      status: 'confirmed',
      direction: 'in',
      from: payee,
      to: payer,
      amount: '0.25',
    }
    const html = await renderLoaded(
      kit,
      createElement(ActivityList, { feed: feed({ items: [pending, funded] }), onLoadMore: () => {} }),
    )
    expect(html.match(/data-testid="activity-item"/g)).toHaveLength(2)
    expect(html).toContain('Sent to bcrt1p…sczv')
    expect(html).toContain('−0.0007 tBTC')
    expect(html).toContain('Received from bcrt1p…sczv')
    expect(html).toContain('+0.25 tBTC')
    expect(html).toContain(`href="http://127.0.0.1:3002/tx/${pending.hash}"`)
  })

  it("says 'Failed to fetch transactions' on failure and offers 'Load more' while there is a next page", async () => {
    const kit = await accountKit({ apiUrl })
    const failed = await renderLoaded(
      kit,
      createElement(ActivityList, { feed: feed({ items: [], status: 'failed' }), onLoadMore: () => {} }),
    )
    expect(failed).toContain('Failed to fetch transactions')
    const more = await renderLoaded(
      kit,
      createElement(ActivityList, { feed: feed({ next: 'cursor-2' }), onLoadMore: () => {} }),
    )
    expect(more).toContain('Load more')
  })
})

describe('what the tabs show from api answers', () => {
  it('shows only inline images and images from the app’s own api', () => {
    expect(apiImage(`${apiUrl}/icons/a.png`, apiUrl)).toBe(`${apiUrl}/icons/a.png`)
    expect(apiImage('data:image/png;base64,AAAA', apiUrl)).toBe('data:image/png;base64,AAAA')
    expect(apiImage('data:image/png;base64,AAAA', undefined)).toBe('data:image/png;base64,AAAA')
    expect(apiImage('https://elsewhere.example/a.png', apiUrl)).toBeUndefined()
    expect(apiImage(`${apiUrl}/a.png`, undefined)).toBeUndefined()
    expect(apiImage('javascript:alert(1)', apiUrl)).toBeUndefined()
    expect(apiImage('data:text/html,<script>1</script>', apiUrl)).toBeUndefined()
    expect(apiImage('http://user:pw@127.0.0.1:8788/a.png', apiUrl)).toBeUndefined()
    expect(apiImage('', apiUrl)).toBeUndefined()
  })

  it('loads token icons and NFT images without a referrer, so no image host learns the page that showed them', async () => {
    const kit = await accountKit({ apiUrl })
    setAccount(kit, { tokenBalance: [tUsd] })
    const tokens = await renderLoaded(kit, createElement(TokensTab))
    expect(tokens.match(/<img [^>]*>/g)).toEqual([expect.stringMatching(/referrerpolicy="no-referrer"/i)])
    const value = [{ contract: tUsd.address ?? '', tokenId: '7', collection: { name: 'Pairs', symbol: 'P' } }]
    const nfts = await renderLoaded(kit, createElement(NftGrid, { nfts: { status: 'done', value } }))
    expect(nfts.match(/<img [^>]*>/g)).toEqual([expect.stringMatching(/referrerpolicy="no-referrer"/i)])
  })

  it('formats times relative to now', () => {
    expect(relativeTime(1_000, 1_000_000, 'en')).toBe('now')
    expect(relativeTime(1_000 - 7200, 1_000_000, 'en')).toBe('2 hours ago')
  })
})
