import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { showAlert, showSnackbar } from '../../../modal/controllers/alerts.js'
import { catalogue as ja } from '../../../modal/i18n/locales/ja.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../modal/ui/ModalRoot.js'
import { anvilPair, createKit, unreachableRpcUrl } from '../support/kit.js'

describe('alerts and snackbars', () => {
  it('keep the spec English in state and show the reader their language, placeholders filled', async () => {
    const kit = createKit({ options: { networks: anvilPair(await unreachableRpcUrl()) } })
    showAlert(kit.context, 'warning', { key: 'alert.remoteFeatures', params: { names: 'features.swaps' } })
    showAlert(kit.context, 'error', { key: 'alert.networkNotFound' })
    showSnackbar(kit.context, 'error', { key: 'account.balanceUnavailable' })
    const { alerts, snackbar } = kit.store.get()
    expect(alerts.map((alert) => alert.message)).toEqual([
      "Local feature settings are ignored; the project's remote configuration applies instead: features.swaps",
      'Network Not Found',
    ])
    expect(snackbar?.message).toBe('Token Balance Unavailable')

    await kit.open()
    const html = renderToString(
      createElement(
        KitContext.Provider,
        { value: { kit, t: createTranslator('ja', ja) } },
        createElement(ModalRoot),
      ),
    )
    expect(html).toContain(ja['alert.networkNotFound'] as string)
    expect(html).toContain((ja['alert.remoteFeatures'] as string).replace('{names}', 'features.swaps'))
    expect(html).toContain(ja['account.balanceUnavailable'] as string)
    expect(html).not.toContain('Network Not Found')
  })
})
