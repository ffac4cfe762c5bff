import { isEvmAddress } from '../../core/validation.js'

/** Most accounts taken from one answer or event: a wallet lists a handful, and the list is kept in state. */
export const maxWalletAccounts = 100

/**
 * The EVM addresses (VAL-01) in what a wallet gave as its accounts, at most `maxWalletAccounts`. The wallet
 * is another program: an entry that is not an address is not an account, whatever the wallet meant by it.
 */
export function evmAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((a): a is string => typeof a === 'string' && isEvmAddress(a))
    .slice(0, maxWalletAccounts)
}

/**
 * A chain id as wallets send it (a 0x hex string, as EIP-1193 says, a decimal one, or a number), or
 * undefined when it is none: a positive safe integer either way.
 */
export function evmChainId(value: unknown): number | undefined {
  const id =
    typeof value === 'string' && /^(?:0x[0-9a-f]{1,13}|[1-9]\d{0,15})$/i.test(value) ? Number(value) : value
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined
}
