import type { RegistryWallet } from './types.js'

/** The link that opens `wallet` on a phone with the pairing URI; universal links are preferred. */
export function walletConnectLink(wallet: RegistryWallet, uri: string): string | undefined {
  const base = wallet.mobile?.universal ?? wallet.mobile?.native
  if (!base) return undefined
  const separator = base.endsWith('/') ? '' : '/'
  return `${base}${separator}wc?uri=${encodeURIComponent(uri)}`
}
