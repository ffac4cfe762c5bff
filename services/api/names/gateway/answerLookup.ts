import { encodeAbiParameters, getAddress, type Hex, zeroAddress } from 'viem'
import { namehash } from 'viem/ens'
import { answeredCoinTypes } from '../coinType.js'
import { normalizedName } from '../namePolicy.js'
import type { NameRow, NameStore } from '../store.js'
import type { ResolveRequest } from './resolverCall.js'

const reverseName = /^([0-9a-f]{40})\.addr\.reverse$/

/**
 * What the resolver answers for one profile call, ABI-encoded as that function's return: a name's
 * address (for coin types 60, its own and 0x80000000), the primary name of `<addr>.addr.reverse`, and
 * empty answers for everything else (no text records, unknown names): "no record", never an error.
 */
export async function answerLookup(request: ResolveRequest, store: NameStore, zone: string): Promise<Hex> {
  const normalized = normalizedName(request.name)
  // A call whose node is not the name's is not one a resolver would make: it gets no record.
  const name = normalized !== undefined && namehash(normalized) === request.call.node ? normalized : undefined
  const row = name === undefined ? undefined : await recordOf(name, store, zone)
  const { call } = request
  switch (call.kind) {
    case 'addr':
      return encodeAbiParameters([{ type: 'address' }], [row ? getAddress(row.address) : zeroAddress])
    case 'addrOfCoin': {
      const answers =
        row !== undefined && answeredCoinTypes(row.coinType).some((type) => BigInt(type) === call.coinType)
      const address: Hex = answers && row ? getAddress(row.address) : '0x'
      return encodeAbiParameters([{ type: 'bytes' }], [address])
    }
    case 'text':
      return encodeAbiParameters([{ type: 'string' }], [''])
    case 'name': {
      const owner = name?.match(reverseName)?.[1]
      const primary = owner ? (await store.byAddress(`0x${owner}`))[0]?.name : undefined
      return encodeAbiParameters([{ type: 'string' }], [primary ?? ''])
    }
  }
}

async function recordOf(name: string, store: NameStore, zone: string): Promise<NameRow | undefined> {
  return name.endsWith(`.${zone}`) ? store.byName(name) : undefined
}
