import { walletNameRefusal } from '@pairwise/common'

/**
 * Which of the wallets that announce or register themselves in the page (EIP-6963, the Wallet Standard) the
 * modal keeps. Any script on the page or any extension can announce, as often and under any name, and each
 * wallet kept is listed: every change rebuilds and republishes the whole list, so what is kept is bounded.
 */

/**
 * Most wallets kept from one discovery source. A browser has a handful of wallet extensions; 32 is several
 * times that, and keeps each republish small when a page floods announcements (2,000 took seconds unbounded).
 */
export const MAX_DISCOVERED_WALLETS = 32

/** The ids of the wallets kept so far: a Set of them, or a Map keyed by them. */
export type KeptIds = { readonly size: number; has(id: string): boolean }

/**
 * Why a wallet may not join those `kept`, or undefined when it may: its name may not be shown, its id is
 * taken (the first wallet of an id keeps it, so a later one cannot take over the connector, and the
 * remembered connection, of one the visitor knows), or `kept` already holds `most`.
 */
export function admissionRefusal(
  wallet: { readonly id: string; readonly name: unknown },
  kept: KeptIds,
  most: number = MAX_DISCOVERED_WALLETS,
): string | undefined {
  const nameRefusal = walletNameRefusal(wallet.name)
  if (nameRefusal !== undefined) return nameRefusal
  if (kept.has(wallet.id)) return `the id ${wallet.id} is taken`
  return kept.size >= most ? `more than ${most} wallets` : undefined
}
