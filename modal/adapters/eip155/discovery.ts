import { describeIssues, safeParseExplained } from '@pairwise/common'
import * as z from 'zod/mini'
import type { Reporter } from '../../core/report.js'
import { safeUrl } from '../../core/safeUrl.js'
import { admissionRefusal } from '../../core/walletAdmission.js'
import type { Eip1193Provider } from '../types.js'

export type DiscoveredWallet = {
  uuid: string
  name: string
  /** Absent when the wallet announced an icon that may not be shown (core/safeUrl.ts). */
  icon?: string
  rdns: string
  provider: Eip1193Provider
}

/** Longest uuid kept: EIP-6963 asks for a UUIDv4 (36 characters); the rest is room for wallets that do not. */
const MAX_UUID_LENGTH = 64

/**
 * A reverse-DNS name (`io.metamask`): two or more labels of letters, digits, hyphens and underscores (which
 * no domain has but a wallet may) joined by dots, each at most 63 characters and the whole at most 253, as a
 * domain name is. The rdns is the wallet's connector id.
 */
const reverseDnsName = z
  .string()
  .check(z.maxLength(253), z.regex(/^[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})+$/i))

const announcementSchema = z.object({
  info: z.object({
    uuid: z.string().check(z.minLength(1), z.maxLength(MAX_UUID_LENGTH)),
    name: z.string(),
    icon: z.string(),
    rdns: reverseDnsName,
  }),
  provider: z.custom<Eip1193Provider>(
    (p) => typeof p === 'object' && p !== null && typeof (p as { request?: unknown }).request === 'function',
  ),
})

/**
 * EIP-6963: listens for wallets announcing themselves and asks them to announce. Duplicate announcements
 * of one rdns keep the first (wallets announce again whenever a page asks, so that one is not reported); a
 * malformed announcement, one past the most kept or with a name that may not be shown is ignored, and an
 * unsafe icon left out, each with the reason to `report`. `onChange` hears only of a wallet kept, so a flood
 * of ignored announcements republishes nothing (core/walletAdmission.ts).
 */
export function watchAnnouncedWallets(
  target: EventTarget,
  onChange: (wallets: DiscoveredWallet[]) => void,
  report?: Reporter,
): () => void {
  const byRdns = new Map<string, DiscoveredWallet>()
  const onAnnounce = (event: Event) => {
    const parsed = safeParseExplained(announcementSchema, (event as CustomEvent).detail)
    if (!parsed.success) {
      report?.('ignoring a malformed wallet announcement', { reason: describeIssues(parsed.error) })
      return
    }
    const { icon, ...info } = parsed.data.info
    if (byRdns.has(info.rdns)) return
    const refusal = admissionRefusal({ id: info.rdns, name: info.name }, byRdns)
    if (refusal !== undefined) {
      report?.('ignoring an announced wallet', { reason: refusal, rdns: info.rdns })
      return
    }
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
