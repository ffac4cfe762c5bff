import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { anvilPair, injectedKit, unreachableRpcUrl } from '../support/kit.js'

let anvil: CaipNetwork

beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

// Each test renders from a fresh module graph: a page that has loaded no chunk yet.
beforeEach(() => {
  vi.resetModules()
})

/** Renders the modal (server-side: a lazy view whose chunk has not arrived shows the loading spinner). */
async function render(kit: AppKit): Promise<string> {
  const { KitContext } = await import('../../../modal/ui/kitContext.js')
  const { ModalRoot } = await import('../../../modal/ui/ModalRoot.js')
  const { createTranslator } = await import('../../../modal/i18n/translate.js')
  return renderToString(
    createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(ModalRoot)),
  )
}

/**
 * Waits until a fetch of the later views' chunk started by a render has arrived. Importing the module here
 * only loads it; the views render at once only if a render had already asked for them (the preload).
 */
async function chunkArrived(): Promise<void> {
  await import('../../../modal/ui/views/laterViews.js')
  await new Promise((resolve) => setTimeout(resolve, 0))
}

const loading = 'Loading…'

describe('the views past the first open load as one chunk, fetched before they are shown', () => {
  it('a closed modal with no connection does not fetch it', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await render(kit)
    await chunkArrived()
    await kit.open({ view: 'AllWallets' })
    expect(await render(kit)).toContain(loading)
  })

  it('opening the modal fetches it, and the later views then render at once', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.open()
    await render(kit)
    await chunkArrived()
    await kit.open({ view: 'AllWallets' })
    const html = await render(kit)
    expect(html).toContain('data-testid="all-wallets-list"')
    expect(html).not.toContain(loading)
  })

  it('a connection (a reconnect, the modal still closed) fetches it, so the Account view shows at once on open', async () => {
    const { kit } = injectedKit({ options: { networks: [anvil] } })
    await kit.connect('injected')
    await render(kit)
    expect(kit.store.get().open).toBe(false)
    await chunkArrived()
    await kit.open()
    const html = await render(kit)
    expect(html).toContain('data-testid="account"')
    expect(html).not.toContain(loading)
  })
})
