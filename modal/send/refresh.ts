import type { ApiClient } from '../api/client.js'
import { refreshBalance } from '../controllers/account.js'
import { reloadTokenBalances } from '../controllers/balances.js'
import type { ModalContext } from '../controllers/context.js'

/**
 * After a mined send the balances it changed are read again, past the balance cache: the Account view's
 * native balance and the Tokens tab. Activity reads the api each time its tab shows.
 */
export async function refreshAfterSend(ctx: ModalContext, api: ApiClient | undefined): Promise<void> {
  await Promise.all([refreshBalance(ctx), api ? reloadTokenBalances(ctx, api) : undefined])
}
