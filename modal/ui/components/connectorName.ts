import { en } from '../../i18n/en.js'
import type { Translate } from '../../i18n/translate.js'

/**
 * A connector's name as the reader should see it: the names adapters give from the English catalogue (the
 * eip155 adapter's 'Browser Wallet') in the reader's language; a wallet's own name as it is.
 */
export function connectorName(name: string, t: Translate): string {
  return name === en['connector.browserWallet'] ? t('connector.browserWallet') : name
}
