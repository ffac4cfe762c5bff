import { act } from 'react'
import type { Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeByVisitor } from '../../../modal/controllers/modal.js'
import type { AppKit } from '../../../modal/core/appKit.js'
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

/** The modal of a kit mounted in a page, in the element a host app gives it. */
async function mountedModal() {
  const document: FakeDocument = dom.document
  const host = document.body.appendChild(document.createElement('appkit-modal'))
  const kit = createKit({ options: { networks: anvilPair(await unreachableRpcUrl()) } })
  let root: Root | undefined
  await act(async () => {
    root = mountModal(host as unknown as HTMLElement, kit)
  })
  const shadow = () => (host as FakeElement).shadowRoot?.textContent ?? ''
  const closeButton = () =>
    (host as FakeElement).shadowRoot?.descendants(
      (el) => el.tagName === 'BUTTON' && el.getAttribute('aria-label') === 'Close',
    )[0]
  return { kit, shadow, closeButton, unmount: () => act(() => root?.unmount()) }
}

// A route whose data a view reads but that is missing: as a wallet's or the api's answer of an unexpected
// shape would leave it. The Switch Chain view reads `data.namespace` while rendering.
const malformed = { view: 'SwitchActiveChain', data: undefined, history: [] } as unknown as Route & {
  history: []
}

describe('the modal root', () => {
  it('a view that throws while rendering shows the error view in its place, with the header that closes the modal', async () => {
    const { kit, shadow, closeButton, unmount } = await mountedModal()
    await act(async () => {
      kit.store.set({ open: true, router: malformed })
    })
    expect(shadow()).toContain('Something went wrong')
    expect(closeButton()?.getAttribute('disabled')).toBeNull()
    await unmount()
  })

  it('a modal closed after a view threw opens again with its views', async () => {
    const { kit, shadow, unmount } = await mountedModal()
    await act(async () => {
      kit.store.set({ open: true, router: malformed })
    })
    await act(async () => closeByVisitor(kit.context))
    await act(() => kit.open({ view: 'Connect' }))
    expect(kit.store.get().open).toBe(true)
    expect(shadow()).not.toContain('Something went wrong')
    expect(shadow()).toContain('Connect Wallet')
    await unmount()
  })
})
