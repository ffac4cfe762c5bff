import { safeParseExplained } from '@pairwise/common'
import * as z from 'zod/mini'
import type { Reporter } from '../core/report.js'
import { safeUrl } from '../core/safeUrl.js'
import { admissionRefusal } from '../core/walletAdmission.js'
import { type ChainNamespace, chainNamespaces } from '../networks/types.js'
import { type ConnectorInfo, connectorTypes } from '../state/types.js'

/**
 * Most connectors listed in one chain namespace: room for an adapter's discovered wallets (at most
 * MAX_DISCOVERED_WALLETS, core/walletAdmission.ts) beside its own connectors, and a bound on an adapter that
 * does not cap what it finds, since every adapter event rebuilds the whole list.
 */
export const MAX_CONNECTORS_PER_NAMESPACE = 64

/** ENT-11: what an adapter may offer as a connector; adapters are the integrator's code, so it is checked. */
const connectorInfoSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.enum(connectorTypes),
  name: z.string().check(z.minLength(1)),
  chainNamespace: z.enum(chainNamespaces),
  imageUrl: z.optional(z.string()),
  rdns: z.optional(z.string()),
})

/**
 * The connectors that are well formed, each without an icon that may not be shown (core/safeUrl.ts). In each
 * namespace an id is listed once (the first offered keeps it; WalletConnect's is the same in every namespace),
 * with a name that may be shown, and at most MAX_CONNECTORS_PER_NAMESPACE are listed. `report` hears of each
 * connector and icon left out, with the reason.
 */
export function acceptedConnectors(offered: readonly unknown[], report: Reporter): ConnectorInfo[] {
  const kept = new Map<ChainNamespace, Set<string>>()
  return offered.flatMap((connector) => {
    const parsed = safeParseExplained(connectorInfoSchema, connector)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      report('ignoring a malformed connector', {
        reason: `${issue?.path.join('.')}: ${issue?.message}`,
        connector,
      })
      return []
    }
    const info = connector as ConnectorInfo
    const ids = kept.get(info.chainNamespace) ?? new Set<string>()
    kept.set(info.chainNamespace, ids)
    const refusal = admissionRefusal(info, ids, MAX_CONNECTORS_PER_NAMESPACE)
    if (refusal !== undefined) {
      report('ignoring a connector', { reason: refusal, connector })
      return []
    }
    ids.add(info.id)
    if (info.imageUrl === undefined) return [info]
    const imageUrl = safeUrl(info.imageUrl, 'image', `${info.id}.imageUrl`, report)
    if (imageUrl) return [info]
    const { imageUrl: _unsafe, ...rest } = info
    return [rest]
  })
}
