import { createElement } from 'react'
import { prerender } from 'react-dom/static'
import { beforeAll, describe, expect, it } from 'vitest'
import { push } from '../../../modal/controllers/router.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { alice, anvilPair, injectedKit, unreachableRpcUrl, until } from '../support/kit.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

/** The modal as rendered once every lazy chunk it routes to has loaded (prerender waits for Suspense). */
async function render(kit: AppKit, locale: Parameters<typeof createTranslator>[0] = 'en'): Promise<string> {
  const tree = createElement(
    KitContext.Provider,
    { value: { kit, t: createTranslator(locale) } },
    createElement(ModalRoot),
  )
  const { prelude } = await prerender(tree)
  return new Response(prelude).text()
}

/** Alice connected on Anvil with the Account view open (the balance read of an unreachable RPC settled). */
async function accountKit(): Promise<AppKit> {
  const { kit } = injectedKit({ options: { networks: [anvil, anvil2], projectId: 'demo' } })
  await kit.connect('injected')
  await until(kit, (s) => s.account.balanceError !== undefined, 10_000)
  await kit.open()
  return kit
}

describe('Account → Send and Receive', () => {
  it('VIEW-08 Account offers Receive, which shows the connected address with the network and a copy button', async () => {
    const kit = await accountKit()
    const account = await render(kit)
    expect(account).toContain('data-testid="account-receive"')
    expect(account).toContain('>Receive</button>')
    push(kit.context, { view: 'Receive' })
    const receive = await render(kit)
    expect(receive).toContain(`data-testid="receive-address">${alice}</p>`)
    expect(receive).toContain('Network: Anvil')
    expect(receive).toContain('Copy address')
    expect(receive).toMatch(/<h2[^>]*>(<!--\$-->)?Receive(<!--\/\$-->)?<\/h2>/)
  })

  it('Account offers Send on an EVM account; the Send view opens on the native coin with its fields', async () => {
    const kit = await accountKit()
    expect(await render(kit)).toContain('data-testid="account-send"')
    push(kit.context, { view: 'Send' })
    const send = await render(kit)
    expect(send).toMatch(/<h2[^>]*>(<!--\$-->)?Send(<!--\/\$-->)?<\/h2>/)
    // The token picker (the modal's own, no native select) shows the native coin chosen.
    expect(send).not.toContain('<select')
    expect(send).toMatch(/role="combobox"[^>]*data-testid="send-token"[^>]*data-value="native"/)
    expect(send).toContain('<span>tETH</span><span class="picker-detail">Test Ether</span>')
    for (const field of ['send-amount', 'send-max', 'send-recipient', 'send-fee', 'send-review'])
      expect(send).toContain(`data-testid="${field}"`)
  })
})
