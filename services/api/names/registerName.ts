import { getAddress, isAddress } from 'viem'
import { chainIdOfCoinType } from './coinType.js'
import { namesErrors } from './errors.js'
import { namesLimits } from './limits.js'
import { acceptedZoneName } from './namePolicy.js'
import { type NameRecord, nameRecord } from './nameRecord.js'
import { registerMessageSchema } from './schema.js'
import type { NameQuota, NameStore } from './store.js'

export type RegisterRequest = { coin_type: number; address: string; message: string; signature: string }

/** Checks a signature over `message` by `address` on chain `chainId` (EOA, EIP-1271 and ERC-6492). */
export type NameSignatureCheck = (input: {
  chainId: number
  address: string
  message: string
  signature: string
}) => Promise<boolean>

export type RegisterContext = {
  store: NameStore
  zone: string
  /** The chains names may be registered on (their coin types are accepted). */
  chainIds: ReadonlySet<number>
  verify: NameSignatureCheck
  nowMs: number
  maxNames: number
  /** The project and client registering, and the most names registered through each. */
  quota?: NameQuota
}

function signedMessage(message: string) {
  let parsed: unknown
  try {
    parsed = JSON.parse(message)
  } catch {
    throw namesErrors.invalidRequest('message: not valid JSON')
  }
  const result = registerMessageSchema.safeParse(parsed)
  if (!result.success) {
    const attributes = result.error.issues.find((issue) => issue.path[0] === 'attributes')
    throw namesErrors.invalidRequest(
      `message: ${attributes?.message ?? 'expected { name, attributes, timestamp }'}`,
    )
  }
  const { name, attributes, timestamp } = result.data
  // The wallet showed the raw text: a repeated key, an escape or a key we drop could make it read as
  // another name than the one registered, so only the text we would write ourselves is accepted.
  if (JSON.stringify({ name, attributes, timestamp }) !== message)
    throw namesErrors.invalidRequest('message: expected JSON.stringify({ name, attributes, timestamp })')
  return result.data
}

/**
 * Registers the name a wallet signed for: the coin type must be ENSIP-11 for a served chain, the name
 * `<label>.<zone>` under the label policy, the timestamp within ±5 minutes and used once per address,
 * the signature valid on that chain, and neither the name nor the address taken. Cheap checks come
 * before the signature's RPC call.
 */
export async function registerName(request: RegisterRequest, context: RegisterContext): Promise<NameRecord> {
  const chainId = chainIdOfCoinType(request.coin_type)
  if (chainId === undefined || !context.chainIds.has(chainId)) throw namesErrors.invalidChainId()
  if (!isAddress(request.address, { strict: false }))
    throw namesErrors.invalidRequest('address: expected an address')
  const address = getAddress(request.address)
  const message = signedMessage(request.message)
  const { name } = acceptedZoneName(message.name, context.zone)
  const nowSeconds = Math.floor(context.nowMs / 1000)
  if (Math.abs(nowSeconds - message.timestamp) > namesLimits.timestampSkewSeconds)
    throw namesErrors.messageExpired()
  if ((await context.store.byAddress(address)).length > 0) throw namesErrors.alreadyOwns()
  if (await context.store.byName(name)) throw namesErrors.taken()
  const valid = await context.verify({
    chainId,
    address,
    message: request.message,
    signature: request.signature,
  })
  if (!valid) throw namesErrors.invalidSignature()
  const fresh = await context.store.useMessage(
    address,
    message.timestamp,
    nowSeconds,
    namesLimits.usedMessageLifeSeconds,
  )
  if (!fresh) throw namesErrors.messageExpired()
  const entry = { name, address, coinType: request.coin_type, createdAt: context.nowMs }
  const outcome = await context.store.add(entry, context.maxNames, context.quota)
  if (outcome === 'taken') throw namesErrors.taken()
  if (outcome === 'alreadyOwns') throw namesErrors.alreadyOwns()
  if (outcome === 'full') throw namesErrors.full()
  if (outcome === 'projectFull') throw namesErrors.projectFull(context.quota?.maxNames ?? 0)
  if (outcome === 'clientFull') throw namesErrors.clientFull(context.quota?.maxPerClient ?? 0)
  return nameRecord({ ...entry, updatedAt: entry.createdAt })
}
