import { createElement, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { LaterView } from '../../../modal/ui/views/index.js'

/**
 * Renders the later views' lazy component once and waits for its chunk: server renders (which wait for no
 * lazy chunk) then show those views, not the loading spinner.
 *
 * It also loads the chunks those views load lazily in turn (the Account view's tabs, names, buy and swap, the
 * sign-in view). A server render starts their import and never waits for it; loaded here first, that import
 * is answered from the module cache, so no file ends with a module still being fetched, which a worker that
 * files share (vitest's `isolate: false`) reports as an error when it closes.
 */
export async function loadLaterViews(): Promise<void> {
  renderToString(createElement(Suspense, { fallback: null }, createElement(LaterView)))
  await Promise.all([
    import('../../../modal/ui/views/laterViews.js'),
    import('../../../modal/ui/views/account/AccountTabs.js'),
    import('../../../modal/ui/views/account/TokensTab.js'),
    import('../../../modal/ui/views/account/NftsTab.js'),
    import('../../../modal/ui/views/account/ActivityTab.js'),
    import('../../../modal/names/AccountNames.js'),
    import('../../../modal/onramp/AccountOnramp.js'),
    import('../../../modal/swaps/AccountSwap.js'),
    import('../../../modal/ui/views/SIWXSignMessageView.js'),
  ])
  await new Promise((resolve) => setTimeout(resolve, 0))
}
