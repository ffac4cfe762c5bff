/** Message lifetimes the Sign protocol uses, in seconds. */
export const Ttl = {
  fiveMinutes: 300,
  oneHour: 3600,
  oneDay: 86400,
} as const

/** How one side of a Sign method is published: relay tag, lifetime and whether it should prompt the user. */
export type PublishPolicy = { tag: number; ttl: number; prompt: boolean }

export type SignMethodPolicy = {
  request: PublishPolicy
  response: PublishPolicy
  reject?: PublishPolicy
  autoReject?: PublishPolicy
}

const policy = (tag: number, ttl: number, prompt = false): PublishPolicy => ({ tag, ttl, prompt })

/** A request and its response: the response's tag follows the request's, and only a request prompts. */
const exchange = (tag: number, ttl: number, prompt = false) => ({
  request: policy(tag, ttl, prompt),
  response: policy(tag + 1, ttl),
})

// The Sign 2.5 calls carry these three; named once so `SessionCallPolicies` holds the very same objects and
// reads no property, which lets a bundle that never reads it drop it.
const sessionProposal = policy(1100, Ttl.fiveMinutes, true)
const sessionProposalResponse = policy(1101, Ttl.fiveMinutes)
const sessionSettlementRequest = policy(1102, Ttl.fiveMinutes)

/**
 * Tag and TTL per Sign method, as the official 2.25.0 clients put them on the wire (decoded with their
 * own keys), with one exception: a session request and its answer live five minutes, as the public
 * protocol's method table says (CONST-30; the official 2.25.0 clients send fifteen). The ttl only says how
 * long the relay keeps an undelivered message, so peers of either lifetime understand each other; five
 * minutes is the spec's choice and it keeps a forgotten signing prompt from surfacing a quarter of an hour
 * later. The ping lifetime stays the official clients' one day.
 */
export const SignMethodPolicies = {
  wc_sessionPropose: {
    request: sessionProposal,
    response: sessionProposalResponse,
    reject: policy(1120, Ttl.fiveMinutes),
    autoReject: policy(1121, Ttl.fiveMinutes),
  },
  wc_sessionSettle: { request: sessionSettlementRequest, response: policy(1103, Ttl.fiveMinutes) },
  wc_sessionUpdate: exchange(1104, Ttl.oneDay),
  wc_sessionExtend: exchange(1106, Ttl.oneDay),
  wc_sessionRequest: exchange(1108, Ttl.fiveMinutes, true),
  wc_sessionEvent: exchange(1110, Ttl.fiveMinutes, true),
  wc_sessionDelete: exchange(1112, Ttl.oneDay),
  wc_sessionPing: exchange(1114, Ttl.oneDay),
  wc_sessionAuthenticate: {
    ...exchange(1116, Ttl.oneHour, true),
    reject: policy(1118, Ttl.oneHour),
    autoReject: policy(1119, Ttl.oneHour),
  },
} as const satisfies Record<string, SignMethodPolicy>

export type SignMethod = keyof typeof SignMethodPolicies

/**
 * What the relay itself assigns to the envelopes carried by the Sign 2.5 calls: the clients send no tag
 * for them, and a peer's relay client may filter on it.
 */
export const SessionCallPolicies = {
  sessionProposal,
  sessionProposalResponse,
  sessionSettlementRequest,
} as const
