import type { RegistryWallet } from './types.js'

/**
 * The link that opens `wallet` on a phone with the pairing URI; universal links are preferred. Only a link
 * without a query or fragment is built on: the pairing URI would land inside those, so a base ending in
 * `?redirect=https://lure.example&uri=` would hand the pairing URI, and its key, to another page.
 */
export function walletConnectLink(wallet: RegistryWallet, uri: string): string | undefined {
  const base = [wallet.mobile?.universal, wallet.mobile?.native].find(isLinkBase)
  if (!base) return undefined
  const separator = base.endsWith('/') ? '' : '/'
  return `${base}${separator}wc?uri=${encodeURIComponent(uri)}`
}

/** Whether `link` ends in its path, so that `wc?uri=…` appended is the link's own path and query. */
function isLinkBase(link: string | undefined): link is string {
  return link !== undefined && link !== '' && !/[?#]/.test(link)
}
