import { type PublishPolicy, SignMethodPolicies } from '@pairwise/relay'

const policy = (tag: number, ttl: number, prompt = false): PublishPolicy => ({ tag, ttl, prompt })

/** Pairing methods, which the official core publishes with these tags (not in the Sign table). */
const PairingPolicies = {
  wc_pairingDelete: { request: policy(1000, 86_400), response: policy(1001, 86_400) },
  wc_pairingPing: { request: policy(1002, 30), response: policy(1003, 30) },
} as const

/** A method nobody registered, and the answer to one (WC_METHOD_UNSUPPORTED), goes out untagged. */
const unknownMethodPolicy = policy(0, 86_400)

export type PolicyKind = 'request' | 'response' | 'reject' | 'autoReject'

type PolicyTable = Partial<Record<PolicyKind, PublishPolicy>>

/** Tag, TTL and prompt flag for one side of a wc_ method, as the official 2.25 clients publish them. */
export function publishPolicy(method: string, kind: PolicyKind): PublishPolicy {
  const table: PolicyTable | undefined =
    (SignMethodPolicies as Record<string, PolicyTable>)[method] ??
    (PairingPolicies as Record<string, PolicyTable>)[method]
  return table?.[kind] ?? table?.response ?? unknownMethodPolicy
}
