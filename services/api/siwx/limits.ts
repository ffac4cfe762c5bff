/**
 * Everything a client can make the sign-in routes hold has a cap:
 * - a nonce lives 5 minutes and is used once. Issuing one holds nothing (it is signed, not stored), so
 *   there is no budget one client could spend for others; only a used nonce is held, until it expires.
 *   One client IP (IPv6 by its /64) gets 30 nonces a minute (beyond, POST /siwx/nonce answers 429), so at
 *   most 150 nonces issued to it are held as used at any time;
 * - a message is at most 4096 characters with at most 32 resources, a signature at most 16,384
 *   characters (an ERC-6492 wrapper carries the account's deploy calldata); a one-click CACAO's signature
 *   metadata, which its signed text does not pin, at most 256 (its header type is caip122 or eip4361);
 * - a sign-in session lives min(the message's expirationTime, 7 days); a holder has at most 32 sessions,
 *   one per (project, chain, address), and PUT replaces with at most 32;
 * - a cookie holder lives 7 days from its latest sign-in, a bearer token 15 minutes;
 * - one client (IPv6 by its /64) has at most 100 live holders it made through a project: a sign-in that
 *   would make another answers 429 until one of them expires or signs out. A new holder costs a client
 *   only a nonce, so without this one client could keep ~300,000 holders and sessions a week; with it, at
 *   most 3,200 sessions (32 a holder), while the browsers of a busy office behind one NAT still fit;
 * - expired used nonces, sessions and holders are deleted on each write.
 */
export const siwxLimits = {
  nonceLifeMs: 5 * 60_000,
  noncesPerIpPerMinute: 30,
  messageChars: 4096,
  resources: 32,
  signatureChars: 16_384,
  cacaoMetadataChars: 256,
  sessionLifeMs: 7 * 86_400_000,
  sessionsPerHolder: 32,
  cookieHolderLifeMs: 7 * 86_400_000,
  holdersPerClient: 100,
  bearerLifeMs: 15 * 60_000,
  issuedAtSkewMs: 5 * 60_000,
} as const
