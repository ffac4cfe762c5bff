import { act, createElement } from 'react'
import type { Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedWalletUi, EmbeddedWalletUiLoader } from '../../../modal/controllers/embeddedWalletUi.js'
import { closeByVisitor } from '../../../modal/controllers/modal.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { Alert } from '../../../modal/state/types.js'
import type { Route } from '../../../modal/state/views.js'
import { type FakeDocument, type FakeElement, installFakeDom } from '../support/fakeDom.js'
import { anvilPair, createKit, unreachableRpcUrl } from '../support/kit.js'
import { loadLaterViews } from '../support/laterViews.js'

let dom: ReturnType<typeof installFakeDom>
let mountModal: (host: HTMLElement, kit: AppKit) => Root

beforeAll(async () => {
  dom = installFakeDom()
  ;({ mountModal } = await import('../../../modal/ui/mountModal.js'))
  await loadLaterViews()
})

afterAll(() => dom.uninstall())

/** The modal of a kit mounted in a page, in the element a host app gives it; `embeddedUi` as plugged in. */
async function mountedModal(embeddedUi?: EmbeddedWalletUiLoader) {
  const document: FakeDocument = dom.document
  const host = document.body.appendChild(document.createElement('appkit-modal'))
  const kit = createKit({ options: { networks: anvilPair(await unreachableRpcUrl()) } })
  if (embeddedUi) kit.context.embeddedUi = embeddedUi
  let root: Root | undefined
  await act(async () => {
    root = mountModal(host as unknown as HTMLElement, kit)
  })
  const shadow = () => (host as FakeElement).shadowRoot?.textContent ?? ''
  const closeButton = () =>
    (host as FakeElement).shadowRoot?.descendants(
      (el) => el.tagName === 'BUTTON' && el.getAttribute('aria-label') === 'Close',
    )[0]
  const heading = () => (host as FakeElement).shadowRoot?.descendants((el) => el.tagName === 'H2')[0]
  return { kit, shadow, closeButton, heading, unmount: () => act(() => root?.unmount()) }
}

// A route whose data a view reads but that is missing: as a wallet's or the api's answer of an unexpected
// shape would leave it. The Switch Chain view reads `data.namespace` while rendering.
const malformed = { view: 'SwitchActiveChain', data: undefined, history: [] } as unknown as Route & {
  history: []
}

const emailLogin = { view: 'EmailLogin', history: [] } as unknown as Route & { history: [] }

/** The modal mounted and opened on `router`. */
async function openedOn(router: Route & { history: [] }, embeddedUi?: EmbeddedWalletUiLoader) {
  const modal = await mountedModal(embeddedUi)
  await act(async () => {
    modal.kit.store.set({ open: true, router })
  })
  return modal
}

/** An embedded wallet UI whose Email Login view renders and whose title throws while rendering. */
function uiWithThrowingTitle(): EmbeddedWalletUi {
  const none = () => null
  return {
    views: { EmailLogin: () => createElement('p', null, 'Email field') },
    titles: {
      EmailLogin: () => {
        throw new Error('the title read a field that is not there')
      },
    },
    ConnectSection: none,
    SocialSection: none,
    AccountSection: none,
  }
}

// An alert whose words are missing: as one built from an answer of an unexpected shape would be.
const wordless = { id: 1, severity: 'error', message: '', text: undefined } as unknown as Alert
const readable: Alert = { id: 2, severity: 'info', message: 'Still here', text: { plain: 'Still here' } }

describe('the modal root', () => {
  it('a view that throws while rendering shows the error view in its place, with the header that closes the modal', async () => {
    const { shadow, closeButton, unmount } = await openedOn(malformed)
    expect(shadow()).toContain('Something went wrong')
    expect(closeButton()?.getAttribute('disabled')).toBeNull()
    await unmount()
  })

  it('a modal closed after a view threw opens again with its views', async () => {
    const { kit, shadow, unmount } = await openedOn(malformed)
    await act(async () => closeByVisitor(kit.context))
    await act(() => kit.open({ view: 'Connect' }))
    expect(kit.store.get().open).toBe(true)
    expect(shadow()).not.toContain('Something went wrong')
    expect(shadow()).toContain('Connect Wallet')
    await unmount()
  })

  it('a title that throws while rendering leaves the heading empty, with the view and the close button', async () => {
    const ui = uiWithThrowingTitle()
    const { kit, shadow, closeButton, heading, unmount } = await openedOn(emailLogin, {
      current: () => ui,
      load: () => Promise.resolve(ui),
    })
    expect(heading()?.textContent).toBe('')
    expect(shadow()).toContain('Email field')
    expect(closeButton()?.getAttribute('disabled')).toBeNull()
    await act(async () => closeByVisitor(kit.context))
    expect(kit.store.get().open).toBe(false)
    await unmount()
  })

  it('an embedded wallet UI that throws while read leaves the header that closes the modal', async () => {
    const broken = () => {
      throw new Error('the embedded wallet UI could not be read')
    }
    const { shadow, closeButton, unmount } = await openedOn(emailLogin, {
      current: broken,
      load: broken,
    })
    expect(shadow()).toContain('Something went wrong')
    expect(closeButton()?.getAttribute('disabled')).toBeNull()
    await unmount()
  })

  it('an alert that throws while rendering is left out, and the other alerts, the title and the view stay', async () => {
    const { kit, shadow, closeButton, heading, unmount } = await mountedModal()
    await act(async () => {
      kit.store.set({ open: true, alerts: [wordless, readable] })
    })
    expect(shadow()).toContain('Still here')
    expect(heading()?.textContent).toBe('Connect Wallet')
    expect(shadow()).not.toContain('Something went wrong')
    expect(closeButton()?.getAttribute('disabled')).toBeNull()
    await unmount()
  })
})
