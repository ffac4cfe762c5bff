import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { WalletConnectTransportFactory } from '../../../modal/adapters/walletConnectTransport.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { emailLogin } from '../../../modal/email/index.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { Route } from '../../../modal/state/views.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, anvilPair, bob, createKit, evmNetwork, unreachableRpcUrl } from '../support/kit.js'
import { loadLaterViews } from '../support/laterViews.js'
import { createPage, installAnnouncedWallet, walletInfo } from '../support/page.js'

// Rendering never runs effects, so no view starts a pairing; the transport only has to exist.
const walletConnect: WalletConnectTransportFactory = () =>
  Promise.reject(new Error('views are rendered on the server here; nothing pairs'))

const email = emailLogin({ authUrl: 'http://127.0.0.1:8789' })
let anvil: CaipNetwork
let anvil2: CaipNetwork
let rpcUrl: string

beforeAll(async () => {
  rpcUrl = await unreachableRpcUrl()
  ;[anvil, anvil2] = anvilPair(rpcUrl)
  // SIWXSignMessage is a lazy chunk: the first render starts loading it, renders after that show it.
  const kit = kitWithWallets()
  await kit.context.embeddedUi?.load()
  // So are the embedded wallet's views, one lazy component over one chunk; the names views (with their
  // titles) are a chunk the later views' chunk loads, so they are rendered once that one is in.
  await loadLaterViews()
  // Two passes: the first loads the chunks a render reaches (the title's lazy component from the later
  // views' chunk among them), the second the names chunk those reach in turn.
  for (let pass = 0; pass < 2; pass++) {
    for (const route of [{ view: 'SIWXSignMessage' }, ...emailRoutes(), ...namesRoutes()] as Route[]) {
      await kit.open(route)
      render(kit)
    }
    await import('../../../modal/email/emailViews.js')
    await import('../../../modal/email/social/socialViews.js')
    await import('../../../modal/names/namesViews.js')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})

function render(kit: AppKit): string {
  return renderToString(
    createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(ModalRoot)),
  )
}

/** The dialog's title, without the comment markers React puts around a suspended (lazy) title. */
const heading = (html: string) => /<h2 id="[^"]*">([^<]*)<\/h2>/.exec(html.replace(/<!--[^>]*-->/g, ''))?.[1]

/** An injected wallet (alice), an announced Alpha (bob) and WalletConnect configured. */
function kitWithWallets(): AppKit {
  const page = createPage(new FakeProvider({ accounts: [alice], chainId: 31337 }))
  installAnnouncedWallet(
    page,
    walletInfo('Alpha', 'com.example.alpha'),
    new FakeProvider({ accounts: [bob], chainId: 31337 }),
  )
  // The email views come with the embedded wallet's plug-in; nothing here loads the wallet itself.
  return createKit({
    options: { networks: [anvil, anvil2], projectId: 'p1', embeddedWallet: email },
    environment: { target: page, walletConnect, document: {} as Document },
  })
}

type Case = { route: () => Route; connected?: boolean; testId: string; title: string }

/** Routes to each view, renders the modal, and checks that this view (and no other) is what shows. */
async function routesAndRenders({ route, connected, testId, title }: Case) {
  const kit = kitWithWallets()
  if (connected) await kit.connect('injected')
  await kit.open(route())
  const html = render(kit)
  expect(kit.store.get().router.view).toBe(route().view)
  expect(html).toContain('role="dialog"')
  expect(html).toContain(`data-testid="${testId}"`)
  expect(heading(html)).toBe(title)
}

const emailRoutes = (): Route[] => [
  { view: 'ApproveTransaction', data: { method: 'personal_sign' } },
  { view: 'EmailLogin' },
  { view: 'UpdateEmailWallet', data: { email: 'ada@example.com' } },
  farcasterRoute(),
]

/** A Farcaster login under way; rendering runs no effect, so nothing waits on it. */
const farcasterRoute = (): Route => ({
  view: 'ConnectingFarcaster',
  data: { attempt: new Promise(() => {}) },
})

const namesRoutes = (): Route[] => [{ view: 'RegisterAccountName' }, { view: 'RegisterAccountNameSuccess' }]

// The spec's named views.
const namedViews: Case[] = [
  { route: () => ({ view: 'Connect' }), testId: 'wallet-list', title: 'Connect Wallet' },
  { route: () => ({ view: 'Account' }), connected: true, testId: 'account', title: 'Account' },
  {
    route: () => ({ view: 'SwitchNetwork', data: { network: anvil2 } }),
    testId: 'switch-network',
    title: 'Anvil 31338',
  },
  {
    route: () => ({ view: 'SwitchActiveChain', data: { namespace: 'solana' } }),
    testId: 'switch-active-chain',
    title: 'Switch Chain',
  },
  { route: () => ({ view: 'AllWallets' }), testId: 'all-wallets-list', title: 'All Wallets' },
  {
    route: () => ({ view: 'ConnectingWalletConnectBasic' }),
    testId: 'walletconnect',
    title: 'Connect Wallet',
  },
  { route: () => ({ view: 'SIWXSignMessage' }), testId: 'siwx-sign-message', title: 'Sign In' },
  {
    route: () => ({ view: 'ApproveTransaction', data: { method: 'personal_sign' } }),
    testId: 'approve-transaction',
    title: 'Approve Transaction',
  },
  {
    route: () => ({ view: 'RegisterAccountName' }),
    connected: true,
    testId: 'register-account-name',
    title: 'Choose name',
  },
  {
    route: () => ({ view: 'RegisterAccountNameSuccess' }),
    connected: true,
    testId: 'register-account-name-success',
    title: 'Name registered',
  },
]

// The toolkit views that exist today; ProfileWallets joins when multi-wallet lands.
const toolkitViews: Case[] = [
  {
    route: () => ({ view: 'ConnectingWalletConnect', data: {} }),
    testId: 'walletconnect',
    title: 'WalletConnect',
  },
  {
    route: () => ({ view: 'ConnectingExternal', data: { connectorId: 'com.example.alpha' } }),
    testId: 'connecting-external',
    title: 'Alpha',
  },
  { route: () => ({ view: 'UnsupportedChain' }), testId: 'unsupported-chain', title: 'Switch Network' },
  { route: farcasterRoute, testId: 'connecting-farcaster', title: 'Farcaster' },
  { route: () => ({ view: 'EmailLogin' }), testId: 'email-login', title: 'Continue with Email' },
  {
    route: () => ({ view: 'UpdateEmailWallet', data: { email: 'ada@example.com' } }),
    testId: 'update-email',
    title: 'Edit Email',
  },
]

describe('modal views', () => {
  it('VIEW-01 each named modal view (Connect, Account, SwitchNetwork, SwitchActiveChain, AllWallets, ConnectingWalletConnectBasic, RegisterAccountName, RegisterAccountNameSuccess, SIWXSignMessage, ApproveTransaction) can be routed to and renders', async () => {
    for (const view of namedViews) await routesAndRenders(view)
  })

  it('VIEW-02 each toolkit view (ConnectingWalletConnect, ConnectingExternal, UnsupportedChain, ConnectingFarcaster, EmailLogin, UpdateEmailWallet) can be routed to and renders', async () => {
    for (const view of toolkitViews) await routesAndRenders(view)
  })

  it("ERR-13 switching to a network the app does not know shows the 'Network Not Found' alert", async () => {
    const kit = kitWithWallets()
    await kit.open()
    expect(render(kit)).not.toContain('Network Not Found')
    const unknown = evmNetwork(424242, rpcUrl)
    await expect(kit.switchNetwork(unknown)).rejects.toMatchObject({ code: 'CHAIN_NOT_CONFIGURED' })
    expect(kit.store.get().alerts).toEqual([
      expect.objectContaining({ severity: 'error', message: 'Network Not Found' }),
    ])
    expect(render(kit)).toMatch(/role="alert"><span[^>]*>Network Not Found<\/span>/)
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe(anvil.caipNetworkId)
  })
})
