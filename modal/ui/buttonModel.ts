import type { Translate } from '../i18n/translate.js'
import type { AppState } from '../state/types.js'
import type { ViewName } from '../state/views.js'
import { formatAmount } from './components/formatAmount.js'
import { shortAddress } from './components/shortAddress.js'

export const buttonElementNames = [
  'appkit-button',
  'appkit-connect-button',
  'appkit-account-button',
  'appkit-network-button',
] as const
export type ButtonElementName = (typeof buttonElementNames)[number]

export type ButtonAttributes = { label: string | undefined; balance: 'show' | 'hide' | undefined }

/** What a page button shows and which view it opens (none: the opening rules decide). */
export type ButtonModel = {
  testId: 'connect-button' | 'account-button' | 'network-button'
  /** Rendered as one span each when there are several (balance, then name). */
  text: string[]
  variant: 'accent' | 'account'
  opens: ViewName | undefined
}

/**
 * The button an element shows for the instance's state, or null to show nothing (an account button while
 * disconnected). `state` is undefined before the instance exists: the button paints before the modal's
 * code has loaded, as it would for a disconnected visitor.
 */
export function buttonModel(
  name: ButtonElementName,
  state: Pick<AppState, 'account' | 'activeNetwork'> | undefined,
  attributes: ButtonAttributes,
  t: Translate,
): ButtonModel | null {
  const account = state?.account
  const connect = (): ButtonModel => ({
    testId: 'connect-button',
    text: [
      account?.status === 'connecting' || account?.status === 'reconnecting'
        ? t('button.connecting')
        : (attributes.label ?? t('button.connect')),
    ],
    variant: 'accent',
    opens: undefined,
  })
  const accountButton = (): ButtonModel | null => {
    if (!account?.address) return null
    const showBalance = attributes.balance !== 'hide' && account.balance !== undefined
    return {
      testId: 'account-button',
      text: [
        ...(showBalance
          ? [`${formatAmount(account.balance ?? '0', t.locale)} ${account.balanceSymbol ?? ''}`.trim()]
          : []),
        account.profileName ?? shortAddress(account.address),
      ],
      variant: 'account',
      opens: 'Account',
    }
  }
  switch (name) {
    case 'appkit-connect-button':
      return connect()
    case 'appkit-account-button':
      return accountButton()
    case 'appkit-network-button':
      return {
        testId: 'network-button',
        text: [state?.activeNetwork?.name ?? t('button.network')],
        variant: 'account',
        opens: 'Networks',
      }
    case 'appkit-button':
      return account?.address ? accountButton() : connect()
  }
}
