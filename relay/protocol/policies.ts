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
    request: policy(1100, Ttl.fiveMinutes, true),
    response: policy(1101, Ttl.fiveMinutes),
    reject: policy(1120, Ttl.fiveMinutes),
    autoReject: policy(1121, Ttl.fiveMinutes),
  },
  wc_sessionSettle: { request: policy(1102, Ttl.fiveMinutes), response: policy(1103, Ttl.fiveMinutes) },
  wc_sessionUpdate: { request: policy(1104, Ttl.oneDay), response: policy(1105, Ttl.oneDay) },
  wc_sessionExtend: { request: policy(1106, Ttl.oneDay), response: policy(1107, Ttl.oneDay) },
  wc_sessionRequest: {
    request: policy(1108, Ttl.fiveMinutes, true),
    response: policy(1109, Ttl.fiveMinutes),
  },
  wc_sessionEvent: { request: policy(1110, Ttl.fiveMinutes, true), response: policy(1111, Ttl.fiveMinutes) },
  wc_sessionDelete: { request: policy(1112, Ttl.oneDay), response: policy(1113, Ttl.oneDay) },
  wc_sessionPing: { request: policy(1114, Ttl.oneDay), response: policy(1115, Ttl.oneDay) },
  wc_sessionAuthenticate: {
    request: policy(1116, Ttl.oneHour, true),
    response: policy(1117, Ttl.oneHour),
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
  sessionProposal: SignMethodPolicies.wc_sessionPropose.request,
  sessionProposalResponse: SignMethodPolicies.wc_sessionPropose.response,
  sessionSettlementRequest: SignMethodPolicies.wc_sessionSettle.request,
} as const
