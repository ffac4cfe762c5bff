/**
 * Everything a client can make the local Solana chain hold has a cap; the README lists them. The request
 * and batch caps follow the real RPC's order of magnitude (its body cap is 50 KiB).
 */
export const solanaLimits = {
  /** Largest JSON-RPC request body, in bytes; a larger one is answered 413. */
  maxBodyBytes: 50 * 1024,
  /**
   * JSON-RPC requests one client address has under way at once, from their headers until their answer is
   * sent or their socket closes; one more is answered 429.
   */
  maxConcurrentRequestsPerClient: 8,
  /**
   * Answer bytes one client address has been written but has not yet taken off its sockets. While it holds
   * this much, its next request is answered 429 instead of a new answer being built, so one client that
   * never reads holds at most this plus one answer (`maxBatchAnswerBytes`).
   */
  maxUnsentAnswerBytesPerClient: 16 * 1024 * 1024,
  /** An HTTP socket on which no byte moves either way for this long is closed, with any answer it holds. */
  httpSocketIdleMs: 30_000,
  /** Most calls in one JSON-RPC batch; a longer batch is answered 413. */
  maxBatchLength: 100,
  /** Deepest JSON nesting accepted in a request (the real RPC's parser gives up near here too). */
  maxJsonDepth: 64,
  /**
   * Bytes of one call's JSON-RPC answer, alone or in a batch; a call whose answer would be larger gets a
   * JSON-RPC error instead. The largest account Solana allows (10 MiB) fits in base64 (about 13.4 MiB).
   */
  maxCallAnswerBytes: 16 * 1024 * 1024,
  /** Bytes of a whole batch's answer; the calls that would take it past this get a JSON-RPC error. */
  maxBatchAnswerBytes: 16 * 1024 * 1024,
  /** Open PubSub connections from one client address; one more is refused at the handshake with 429. */
  maxWsConnectionsPerIp: 32,
  /** Open PubSub connections in all, a ceiling over the per-address cap; one more is refused with 503. */
  maxWsConnections: 512,
  /**
   * Notification bytes one client address's PubSub connections hold unsent (not yet taken by the kernel).
   * At this, the connection holding most is cut before another notification is sent.
   */
  maxWsUnsentBytesPerClient: 16 * 1024 * 1024,
  /** A PubSub connection with no subscription for this long is closed (1000), so idle sockets are not held. */
  wsIdleTimeoutMs: 30_000,
  /** Live subscriptions on one PubSub connection. */
  maxSubscriptionsPerSocket: 256,
  /** Largest PubSub frame accepted, in bytes. */
  maxWsFrameBytes: 16 * 1024,
  /** Signatures remembered per address for getSignaturesForAddress (oldest dropped first). */
  maxSignaturesPerAddress: 1000,
  /**
   * Transactions remembered for getTransaction and getSignatureStatuses (oldest dropped first). Each holds
   * at most one lamport and one token balance per account key, before and after, and a transaction's keys
   * are bounded by its 1,232-byte wire size.
   */
  maxStoredTransactions: 10_000,
  /** Most signatures in one getSignatureStatuses call, as the real RPC. */
  maxSignatureStatuses: 256,
  /** Most addresses in one getMultipleAccounts call, as the real RPC. */
  maxMultipleAccounts: 100,
  /** Most lamports one requestAirdrop may ask for (1,000 SOL). */
  maxAirdropLamports: 1_000_000_000_000n,
  /**
   * Lamports airdropped to one client address per window (10,000 SOL an hour), past which its airdrops are
   * refused with devnet's code 429. Account data costs rent (about 7,000 lamports a byte), so this bounds
   * the accounts one client can make the chain hold.
   */
  maxAirdropLamportsPerClientPerWindow: 10_000_000_000_000n,
  /** The window the airdrop budget counts in. */
  airdropWindowMs: 60 * 60 * 1000,
  /** Clients whose airdrop budgets are tracked at once; past it, after dropping expired ones, airdrops are refused (503). */
  maxTrackedAirdropClients: 100_000,
} as const
