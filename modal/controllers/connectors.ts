import * as z from 'zod/mini'
import { safeParseExplained } from '../../storage/index.js'
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

/** The connectors that are well formed; each rejected one is passed to `onRejected` with the reason. */
export function acceptedConnectors(
  offered: readonly unknown[],
  onRejected: (connector: unknown, reason: string) => void,
): ConnectorInfo[] {
  return offered.flatMap((connector) => {
    const parsed = safeParseExplained(connectorInfoSchema, connector)
    if (parsed.success) return [connector as ConnectorInfo]
    const issue = parsed.error.issues[0]
    onRejected(connector, `${issue?.path.join('.')}: ${issue?.message}`)
    return []
  })
}
