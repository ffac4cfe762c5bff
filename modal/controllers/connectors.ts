import { safeParseExplained } from '@pairwise/common'
import * as z from 'zod/mini'
import type { Reporter } from '../core/report.js'
import { safeUrl } from '../core/safeUrl.js'
import { chainNamespaces } from '../networks/types.js'
import { type ConnectorInfo, connectorTypes } from '../state/types.js'

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
 * The connectors that are well formed, each without an icon that may not be shown (core/safeUrl.ts);
 * `report` hears of each connector and icon left out, with the reason.
 */
export function acceptedConnectors(offered: readonly unknown[], report: Reporter): ConnectorInfo[] {
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
    if (info.imageUrl === undefined) return [info]
    const imageUrl = safeUrl(info.imageUrl, 'image', `${info.id}.imageUrl`, report)
    if (imageUrl) return [info]
    const { imageUrl: _unsafe, ...rest } = info
    return [rest]
  })
}
