import type { Eip1193Provider } from '../../../modal/adapters/types.js'

/** Stands in for `window`: an EventTarget for EIP-6963 and, optionally, an injected `ethereum`. */
export type FakePage = EventTarget & { ethereum?: Eip1193Provider }

export function createPage(ethereum?: Eip1193Provider): FakePage {
  const page: FakePage = new EventTarget()
  if (ethereum) page.ethereum = ethereum
  return page
}

export type AnnouncedInfo = { uuid: string; name: string; icon: string; rdns: string }

export function walletInfo(name: string, rdns: string): AnnouncedInfo {
  return { uuid: `uuid-${rdns}`, name, icon: `data:image/svg+xml,${encodeURIComponent(name)}`, rdns }
}

/** Dispatches one EIP-6963 announcement, as a wallet extension does. */
export function announce(page: EventTarget, info: AnnouncedInfo, provider: Eip1193Provider): void {
  page.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
  )
}

/** A wallet extension in the page: it announces itself now and whenever the page asks. */
export function installAnnouncedWallet(
  page: EventTarget,
  info: AnnouncedInfo,
  provider: Eip1193Provider,
): () => void {
  const onRequest = () => announce(page, info, provider)
  page.addEventListener('eip6963:requestProvider', onRequest)
  onRequest()
  return () => page.removeEventListener('eip6963:requestProvider', onRequest)
}
