import { describe, expect, it } from 'vitest'
import { apiFailures } from '../../../modal/api/client.js'
import { walletErrors } from '../../../modal/controllers/errors.js'
import { networkNotFound } from '../../../modal/controllers/network.js'
import { ignoredFeaturesWarning, projectIdNotConfigured } from '../../../modal/controllers/remoteConfig.js'
import { knownText } from '../../../modal/i18n/knownText.js'
import { loadCatalogue } from '../../../modal/i18n/loadCatalogue.js'
import { createTranslator } from '../../../modal/i18n/translate.js'

/** Every text a controller raises as an alert or snackbar. */
const raised = [
  ...Object.values(apiFailures),
  networkNotFound,
  projectIdNotConfigured,
  walletErrors.MULTI_WALLET_NOT_ENABLED,
  ignoredFeaturesWarning(['email', 'swaps']),
  'Token Balance Unavailable',
]

describe('knownText', () => {
  it('keeps every raised text exactly as the spec words it in English', () => {
    const en = createTranslator()
    for (const text of raised) expect(knownText(text, en)).toBe(text)
  })

  it('shows every raised text in the reader’s language, placeholders carried over', async () => {
    const ja = createTranslator('ja', await loadCatalogue('ja'))
    const shown = raised.map((text) => knownText(text, ja))
    shown.forEach((text, i) => {
      expect(text, raised[i]).not.toBe(raised[i])
    })
    expect(knownText(networkNotFound, ja)).toBe('ネットワークが見つかりません')
    expect(knownText(ignoredFeaturesWarning(['email', 'swaps']), ja)).toBe(
      'ローカルの機能設定は無視され、プロジェクトのリモート設定が適用されます：email, swaps',
    )
  })

  it('shows a text it does not know as it came', () => {
    expect(knownText('Something new', createTranslator())).toBe('Something new')
  })
})
