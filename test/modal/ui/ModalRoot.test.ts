import { act, createElement } from 'react'
import type { createRoot, Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedWalletUi, EmbeddedWalletUiLoader } from '../../../modal/controllers/embeddedWalletUi.js'
import { closeByVisitor } from '../../../modal/controllers/modal.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator, type Translate } from '../../../modal/i18n/translate.js'
import type { Alert } from '../../../modal/state/types.js'
import type { Route } from '../../../modal/state/views.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { type FakeDocument, type FakeElement, installFakeDom } from '../support/fakeDom.js'
import { alice, anvilPair, createKit, unreachableRpcUrl } from '../support/kit.js'
import { loadLaterViews } from '../support/laterViews.js'

let dom: ReturnType<typeof installFakeDom>
let mountModal: (host: HTMLElement, kit: AppKit) => Root
let createClientRoot: typeof createRoot

beforeAll(async () => {
  dom = installFakeDom()
  ;({ mountModal } = await import('../../../modal/ui/mountModal.js'))
  ;({ createRoot: createClientRoot } = await import('react-dom/client'))
  await loadLaterViews()
})

afterAll(() => dom.uninstall())

type Mounting = {
  /** The embedded wallet's UI as plugged in. */
  embeddedUi?: EmbeddedWalletUiLoader
  /** The inline card of an app that embeds the modal (OPEN-10), instead of the dialog. */
  enableEmbedded?: boolean
  /** The modal's translator in place of the locale's. */
  t?: Translate
}

/** The modal of a kit mounted in a page, in the element a host app gives it. */
async function mountedModal({ embeddedUi, enableEmbedded, t }: Mounting = {}) {
  const document: FakeDocument = dom.document
  const host = document.createElement('appkit-modal')
  document.body.appendChild(host)
  const kit = createKit({ options: { networks: anvilPair(await unreachableRpcUrl()), enableEmbedded } })
  if (embeddedUi) kit.context.embeddedUi = embeddedUi
  let root: Root | undefined
  await act(async () => {
    root = t ? mountTranslated(host, kit, t) : mountModal(host as unknown as HTMLElement, kit)
  })
  const shadow = () => host.shadowRoot?.textContent ?? ''
  const elements = (accept: (element: FakeElement) => boolean) => host.shadowRoot?.descendants(accept) ?? []
  const closeButton = () =>
    elements((el) => el.tagName === 'BUTTON' && el.getAttribute('aria-label') === 'Close')[0]
  const heading = () => elements((el) => el.tagName === 'H2')[0]
  return { kit, shadow, elements, closeButton, heading, unmount: () => act(() => root?.unmount()) }
}

// A route whose data a view reads but that is missing: as a wallet's or the api's answer of an unexpected
// shape would leave it. The Switch Chain view reads `data.namespace` while rendering.
const malformed = { view: 'SwitchActiveChain', data: undefined, history: [] } as unknown as Route & {
  history: []
}

const emailLogin = { view: 'EmailLogin', history: [] } as unknown as Route & { history: [] }

/** The modal root in `host`'s shadow root, as mountModal renders it but with `t` as its translator. */
function mountTranslated(host: FakeElement, kit: AppKit, t: Translate): Root {
  const root = createClientRoot(host.attachShadow() as unknown as Element)
  root.render(createElement(KitContext.Provider, { value: { kit, t } }, createElement(ModalRoot)))
  return root
}

/** The modal mounted and opened on `router`. */
async function openedOn(router: Route & { history: [] }, embeddedUi?: EmbeddedWalletUiLoader) {
  const modal = await mountedModal({ embeddedUi })
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
const wordless = {
  id: 1,
  severity: 'error',
  message: 'Network not found',
  text: undefined,
} as unknown as Alert
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

  it('an alert whose words throw while rendering shows its English message and its close button, and the other alerts, the title and the view stay', async () => {
    const { kit, shadow, closeButton, heading, elements, unmount } = await mountedModal()
    await act(async () => {
      kit.store.set({ open: true, alerts: [wordless, readable] })
    })
    const [bar] = elements((el) => el.getAttribute('class') === 'alert error')
    expect(bar?.textContent ?? '').toContain('Network not found')
    expect(bar?.descendants((el) => el.getAttribute('aria-label') === 'Close')).toHaveLength(1)
    expect(shadow()).toContain('Still here')
    expect(heading()?.textContent).toBe('Connect Wallet')
    expect(shadow()).not.toContain('Something went wrong')
    expect(closeButton()?.getAttribute('disabled')).toBeNull()
    await unmount()
  })

  it('a snackbar whose words throw while rendering shows its English message, and the modal stays and opens again', async () => {
    const { kit, shadow, heading, unmount } = await openedOn({ view: 'Connect', history: [] })
    await act(async () => {
      kit.store.set({ snackbar: { ...wordless, message: 'Balance unavailable' } })
    })
    expect(shadow()).toContain('Balance unavailable')
    expect(heading()?.textContent).toBe('Connect Wallet')
    await act(async () => closeByVisitor(kit.context))
    await act(() => kit.open({ view: 'Connect' }))
    expect(heading()?.textContent).toBe('Connect Wallet')
    await unmount()
  })

  it('a snackbar whose English message cannot be shown either is left blank, and the modal stays', async () => {
    const { kit, heading, unmount } = await openedOn({ view: 'Connect', history: [] })
    const shapeless = { not: 'words' } as unknown as string
    await act(async () => {
      kit.store.set({
        snackbar: { id: 3, severity: 'error', message: shapeless, text: { plain: shapeless } },
      })
    })
    expect(heading()?.textContent).toBe('Connect Wallet')
    await unmount()
  })

  it('embedded, a title that threw on Account shows again once the card switches to Connect', async () => {
    const english = createTranslator()
    const accountTitleThrows = Object.assign(
      (...[key, params]: Parameters<Translate>) => {
        if (key === 'view.Account') throw new Error('the locale has no Account title')
        return english(key, params)
      },
      { locale: english.locale },
    )
    const { kit, heading, unmount } = await mountedModal({ enableEmbedded: true, t: accountTitleThrows })
    const connectedAs = (address: string | undefined) =>
      act(async () => {
        kit.store.set(({ account }) => ({ account: { ...account, address } }))
      })
    expect(heading()?.textContent).toBe('Connect Wallet')
    await connectedAs(alice)
    expect(heading()?.textContent).toBe('')
    await connectedAs(undefined)
    expect(heading()?.textContent).toBe('Connect Wallet')
    await unmount()
  })
})
