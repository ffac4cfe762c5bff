import type { AccountTab } from '../state/types.js'
import type { ModalContext } from './context.js'

/** VIEW-04: selects the Account tab shown. */
export function setCurrentTab(ctx: ModalContext, tab: AccountTab): void {
  ctx.store.set(({ account }) => ({ account: { ...account, currentTab: tab } }))
}
