import type { Client } from 'viem'
import { getEnsAddress } from 'viem/actions'
import type { NameResolver } from './recipient.js'

/**
 * Names through the network's universal resolver (viem's chain shape: `contracts.ensUniversalResolver`),
 * read with `client`; undefined on a network that defines none, where no name can be sent to.
 */
export function universalResolverNames(client: Client): NameResolver | undefined {
  if (!client.chain?.contracts?.ensUniversalResolver) return undefined
  return (name) => getEnsAddress(client, { name })
}
