import type { ModalContext } from '../controllers/context.js'
import type { AccountType } from '../state/types.js'
import { embeddedWallet } from './emailFlow.js'

/**
 * FRAME-13: the frame keeps the preferred account type (EOA or smart account) and answers that type's
 * address. The auth connector's accountsChanged has moved the shown account there by the time the answer
 * returns (frameClient.setPreferredAccount), and shouldUpdateToAddress names the address it moved to.
 */
export async function setPreferredAccountType(ctx: ModalContext, type: AccountType): Promise<void> {
  const { client } = await embeddedWallet(ctx)
  const { address } = await client.setPreferredAccount(type)
  ctx.store.set(({ account }) => ({
    account: { ...account, preferredAccountType: type, shouldUpdateToAddress: address },
  }))
}
