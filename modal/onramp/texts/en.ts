import type { FeatureEnglish } from '../../i18n/featureTexts.js'

/** The onramp's texts in English; they ship with its chunk, not the first load. */
export const en = {
  'onramp.title.providers': 'Buy crypto',
  'onramp.title.inProgress': 'Buy in progress',
  'onramp.title.activity': 'Purchases',
  'onramp.buy': 'Buy crypto',
  'onramp.amount': 'Amount ({currency})',
  'onramp.currency': 'You buy',
  'onramp.method': 'Payment method',
  'onramp.method.card': 'Card',
  'onramp.method.ach_bank_account': 'Bank transfer',
  'onramp.provider': 'Provider',
  'onramp.quoting': 'Getting a quote…',
  'onramp.youGet': 'You get {amount} {symbol}',
  'onramp.fees': 'Fees {fees} {currency}, network {network} {currency}',
  'onramp.continue': 'Continue to checkout',
  'onramp.noProviders': 'No onramp provider serves this network',
  'onramp.popupBlocked': 'Allow pop-ups for this page to open the checkout',
  'onramp.inProgress.detail':
    'Finish the purchase in the checkout window. This updates when the order arrives.',
  'onramp.inProgress.timeout': 'No order arrived within 3 minutes. Try again.',
  'onramp.reopen': 'Open the checkout again',
  'onramp.activity.empty': 'No purchases yet',
  'onramp.status.IN_PROGRESS': 'In progress',
  'onramp.status.SUCCESS': 'Completed',
  'onramp.status.FAILED': 'Failed',
  'onramp.buyAgain': 'Buy again',
} as const satisfies FeatureEnglish
