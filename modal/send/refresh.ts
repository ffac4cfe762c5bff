import type { ApiClient } from '../api/client.js'
import { refreshBalance } from '../controllers/account.js'
import { reloadTokenBalances } from '../controllers/balances.js'
import type { ModalContext } from '../controllers/context.js'

/**
 * How long after a send the balances are read once more: the balance API may answer from its own short
 * cache (2 s in ours) for a moment after the block that changed them, so the first reload can be the
 * balances from before.
 */
export const balanceSettleMs = 2_500

/**
 * After a mined send the balances it changed are read again, past the modal's balance cache: the Account
 * view's native balance and the Tokens tab, now and once more after `balanceSettleMs`. Activity reads the
 * api each time its tab shows.
 */
export async function refreshAfterSend(ctx: ModalContext, api: ApiClient | undefined): Promise<void> {
  const reload = () => Promise.all([refreshBalance(ctx), api ? reloadTokenBalances(ctx, api) : undefined])
  await reload()
  await new Promise((resolve) => ctx.clock.setTimeout(() => resolve(undefined), balanceSettleMs))
  await reload()
}
