import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { anvilPair, unreachableRpcUrl, until } from '../support/kit.js'
import { MemorySIWX, settle, signInKit, signInShown, signWithDevAccounts } from './flowSupport.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

function render(kit: AppKit): string {
  return renderToString(
    createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(ModalRoot)),
  )
}

const closeButton = (html: string) => /<button[^>]*aria-label="Close"[^>]*>/.exec(html)?.[0] ?? ''

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
  // The view is a lazy chunk: the first render starts loading it, later renders show it.
  const { kit } = await signInKit([anvil, anvil2])
  await kit.open({ view: 'SIWXSignMessage' })
  expect(render(kit)).not.toContain('data-testid="siwx-sign-message"')
  await settle()
})

describe('the SIWXSignMessage view', () => {
  it("ERR-12 while the signature is pending, the sign-in view shows 'Authenticating...'", async () => {
    const { kit, provider } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    expect(render(kit)).not.toContain('Authenticating...')
    let release = () => {}
    signWithDevAccounts(
      provider,
      new Promise<void>((resolve) => {
        release = resolve
      }),
    )
    const signing = kit.requestSignMessage()
    await until(kit, () => provider.methods().includes('personal_sign'))
    const pending = render(kit)
    expect(pending).toContain('Authenticating...')
    expect(pending).toMatch(/<button[^>]*disabled=""[^>]*>Authenticating\.\.\.<\/button>/)
    release()
    await signing
    expect(kit.store.get().open).toBe(false)
    expect(kit.context.signIn?.signing()).toBe(false)
  })

  it('says cancelling disconnects and disables the close button while sign-in is required; neither when it is not', async () => {
    const { kit } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    const required = render(kit)
    expect(required).toContain('data-testid="siwx-sign-message"')
    expect(required).toContain('<h2 id="')
    expect(required).toContain('>Sign In</h2>')
    expect(required).toContain('Example needs to connect to your wallet')
    expect(required).toContain('Canceling will disconnect you')
    expect(closeButton(required)).toContain('disabled')

    const optional = await signInKit([anvil, anvil2], Object.assign(new MemorySIWX(), { required: false }))
    await optional.kit.connect('injected')
    await signInShown(optional.kit)
    const html = render(optional.kit)
    expect(html).toContain('data-testid="siwx-sign-message"')
    expect(html).not.toContain('Canceling will disconnect you')
    expect(closeButton(html)).not.toContain('disabled')
  })
})
