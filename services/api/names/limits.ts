/**
 * Everything a client can make the names routes hold or compute has a cap:
 * - one name per address, and at most `maxNames` names in all (100,000 by default; more answers 503);
 * - at most `maxNamesPerProject` names registered through one project (10,000 by default, a tenth of all;
 *   more answers 403 QUOTA_EXCEEDED), so one public project id cannot use up the zone;
 * - at most `namesPerClientPerProject` names registered by one client through one project (100 by
 *   default, a hundredth of the project's; more answers 403 QUOTA_EXCEEDED): registrations are permanent,
 *   so the hourly cap below alone would let one client use up a project's quota in six weeks;
 * - at most `registrationsPerClientPerHour` names registered by one client (10 by default, its IP after
 *   trusted proxies, an IPv6 /64 counted as one; more answers 429), whatever project it names: a fresh
 *   key per name costs a script nothing, so the address alone does not bound it. Refused requests are
 *   not counted here (they are under the project guard's per-client minute budget);
 * - a label is 4–63 characters of A–Z, a–z, 0–9 and -, a full name at most 255;
 * - a register body is within the app's body cap, its message at most 1024 characters, its signature at
 *   most 16,384 (an ERC-6492 wrapper carries the account's deploy calldata), its attributes `{}` (names
 *   hold none);
 * - a register message is accepted within ±5 minutes of its timestamp and once per (address,
 *   timestamp); the used pairs are kept 10 minutes, then deleted on the next register;
 * - a CCIP-read request carries at most 2048 bytes of call data; a signed answer is valid 5 minutes;
 * - a client (its IP after trusted proxies, an IPv6 /64 as one) asks the gateway at most 300 times a
 *   minute (more answers 429): a page naming 100 accounts, each looked up and forward-checked, fits;
 * - suggestions list at most 5 names.
 */
export const namesLimits = {
  maxNames: 100_000,
  maxNamesPerProject: 10_000,
  namesPerClientPerProject: 100,
  registrationsPerClientPerHour: 10,
  /** Clients whose register counts are held at once (the oldest windows go first). */
  maxTrackedClients: 10_000,
  minLabelLength: 4,
  maxLabelLength: 63,
  maxNameLength: 255,
  messageChars: 1024,
  signatureChars: 16_384,
  addressChars: 64,
  timestampSkewSeconds: 5 * 60,
  usedMessageLifeSeconds: 10 * 60,
  ccipCallDataBytes: 2048,
  answerLifeSeconds: 5 * 60,
  ccipLookupsPerClientPerMinute: 300,
  suggestions: 5,
} as const
