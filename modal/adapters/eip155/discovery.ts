import * as z from 'zod/mini'
import type { Reporter } from '../../core/report.js'
import { safeUrl } from '../../core/safeUrl.js'
import type { Eip1193Provider } from '../types.js'

export type DiscoveredWallet = {
  uuid: string
  name: string
  /** Absent when the wallet announced an icon that may not be shown (core/safeUrl.ts). */
  icon?: string
  rdns: string
  provider: Eip1193Provider
}

const announcementSchema = z.object({
  info: z.object({
    uuid: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    icon: z.string(),
    rdns: z.string().check(z.minLength(1)),
  }),
  provider: z.custom<Eip1193Provider>(
    (p) => typeof p === 'object' && p !== null && typeof (p as { request?: unknown }).request === 'function',
  ),
})

/**
 * EIP-6963: listens for wallets announcing themselves and asks them to announce. Duplicate announcements
 * of one rdns keep the first; a malformed announcement is ignored, an unsafe icon left out (`report` hears).
 */
export function watchAnnouncedWallets(
  target: EventTarget,
  onChange: (wallets: DiscoveredWallet[]) => void,
  report?: Reporter,
): () => void {
  const byRdns = new Map<string, DiscoveredWallet>()
  const onAnnounce = (event: Event) => {
    const parsed = announcementSchema.safeParse((event as CustomEvent).detail)
    if (!parsed.success || byRdns.has(parsed.data.info.rdns)) return
    const { icon, ...info } = parsed.data.info
    const safeIcon = safeUrl(icon, 'image', `${info.rdns}.icon`, report)
    byRdns.set(info.rdns, {
      ...info,
      ...(safeIcon ? { icon: safeIcon } : {}),
      provider: parsed.data.provider,
    })
    onChange([...byRdns.values()])
  }
  target.addEventListener('eip6963:announceProvider', onAnnounce)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounce)
}

/** `window.ethereum`, when the page has one. */
export function injectedProvider(target: EventTarget | undefined): Eip1193Provider | undefined {
  const candidate = (target as { ethereum?: unknown } | undefined)?.ethereum
  return announcementSchema.shape.provider.safeParse(candidate).success
    ? (candidate as Eip1193Provider)
    : undefined
}
