import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  activityEnabled,
  offeredConnectMethods,
  offeredSocials,
  onrampEnabled,
  swapsEnabled,
} from '../../modal/controllers/features.js'
import type { AppKitOptions } from '../../modal/controllers/options.js'
import { loadRemoteConfig } from '../../modal/controllers/remoteConfig.js'
import type { AppKit } from '../../modal/core/appKit.js'
import { createTranslator } from '../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../modal/networks/types.js'
import type { ConnectorInfo, Features } from '../../modal/state/types.js'
import { KitContext } from '../../modal/ui/kitContext.js'
import { ModalRoot } from '../../modal/ui/ModalRoot.js'
import { FakeProvider } from './support/fakeProvider.js'
import { anvilPair, bob, carol, createKit, unreachableRpcUrl } from './support/kit.js'
import { createPage, installAnnouncedWallet, walletInfo } from './support/page.js'

let anvil: CaipNetwork

beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

const allOn: Features = {
  email: true,
  socials: ['google', 'github'],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: true,
}

/** A kit whose api answers the project configuration with `features`, that configuration loaded. */
async function remotelyConfigured(features: Features, options: Partial<AppKitOptions> = {}) {
  const fetcher: typeof fetch = async (input) =>
    new URL(String(input)).pathname === '/v1/project/config'
      ? Response.json({ projectId: 'p1', name: 'Shop', basic: false, features })
      : Response.json({ origins: [] })
  const page = createPage()
  installAnnouncedWallet(
    page,
    walletInfo('Alpha', 'com.example.alpha'),
    new FakeProvider({ accounts: [carol], chainId: 31337 }),
  )
  installAnnouncedWallet(
    page,
    walletInfo('Beta', 'com.example.beta'),
    new FakeProvider({ accounts: [bob], chainId: 31337 }),
  )
  const kit = createKit({
    options: { networks: [anvil], apiUrl: 'http://127.0.0.1:8788', projectId: 'p1', ...options },
    environment: { fetch: fetcher, target: page },
  })
  await loadRemoteConfig(kit.context, { api: kit.api })
  return kit
}

async function render(kit: AppKit): Promise<string> {
  await kit.open()
  return renderToString(
    createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(ModalRoot)),
  )
}

const walletConnector: ConnectorInfo = {
  id: 'walletConnect',
  type: 'WALLET_CONNECT',
  name: 'WalletConnect',
  chainNamespace: 'eip155',
}

describe('remote features gate what the modal offers', () => {
  it('ROLE-05 remote email and socials off take the email and social logins out of the connect methods', async () => {
    const on = (await remotelyConfigured(allOn)).store.get()
    expect(offeredConnectMethods(on, [walletConnector])).toEqual(['email', 'social', 'wallet'])
    expect(offeredSocials(on)).toEqual(['google', 'github'])
    const off = (
      await remotelyConfigured({ ...allOn, email: false, socials: false }, { features: { email: true } })
    ).store.get()
    expect(offeredConnectMethods(off, [walletConnector])).toEqual(['wallet'])
    expect(offeredConnectMethods(off, [walletConnector], ['social', 'email', 'wallet'])).toEqual(['wallet'])
    expect(offeredSocials(off)).toEqual([])
  })

  it('ROLE-06 remote swaps and onramp off turn Swap and Buy off, whatever the local settings say', async () => {
    const off = (
      await remotelyConfigured({ ...allOn, swaps: false, onramp: false }, { features: { swaps: true } })
    ).store.get()
    expect(swapsEnabled(off)).toBe(false)
    expect(onrampEnabled(off)).toBe(false)
    const on = (await remotelyConfigured(allOn, { features: { swaps: false, onramp: false } })).store.get()
    expect(swapsEnabled(on)).toBe(true)
    expect(onrampEnabled(on)).toBe(true)
  })

  it('ROLE-07 remote activity off turns the Activity tab off (locally it follows features.history)', async () => {
    expect(activityEnabled((await remotelyConfigured({ ...allOn, activity: false })).store.get())).toBe(false)
    expect(
      activityEnabled((await remotelyConfigured(allOn, { features: { history: false } })).store.get()),
    ).toBe(true)
    const local = createKit({ options: { networks: [anvil], features: { history: false } } })
    expect(activityEnabled(local.store.get())).toBe(false)
    expect(activityEnabled(createKit({ options: { networks: [anvil] } }).store.get())).toBe(true)
  })

  it('ROLE-08 remote reownBranding off hides the mark in the modal footer', async () => {
    const shown = await render(await remotelyConfigured(allOn))
    expect(shown).toContain('data-testid="branding"')
    expect(shown).toContain('UX by Pairwise')
    const hidden = await render(await remotelyConfigured({ ...allOn, reownBranding: false }))
    expect(hidden).not.toContain('data-testid="branding"')
    expect(hidden).not.toContain('UX by Pairwise')
  })

  it('ROLE-09 remote multiWallet off blocks connecting a second wallet; with it on, both connect', async () => {
    const kit = await remotelyConfigured({ ...allOn, multiWallet: false })
    await kit.connect('com.example.alpha')
    await expect(kit.connect('com.example.beta')).rejects.toMatchObject({ code: 'MULTI_WALLET_NOT_ENABLED' })
    expect(kit.store.get().connections.eip155?.connections.map((c) => c.connectorId)).toEqual([
      'com.example.alpha',
    ])
    expect(kit.getAddress()).toBe(carol)

    const multi = await remotelyConfigured(allOn)
    await multi.connect('com.example.alpha')
    await multi.connect('com.example.beta')
    expect(multi.store.get().connections.eip155?.connections).toHaveLength(2)
    expect(multi.store.get().alerts).toEqual([])
  })

  it('ERR-23 a second wallet while multiWallet is off shows the info alert: multi-wallet is not enabled', async () => {
    const kit = await remotelyConfigured({ ...allOn, multiWallet: false })
    await kit.connect('com.example.alpha')
    await kit.connect('com.example.beta').catch(() => undefined)
    expect(kit.store.get().alerts.map((a) => [a.severity, a.message])).toEqual([
      ['info', 'Multi-wallet is not enabled for this project.'],
    ])
  })
})
