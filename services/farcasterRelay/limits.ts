const minute = 60 * 1000

/**
 * The relay's limits, every one per client where it counts. Its clients are app servers (an auth
 * service opens each login's channel from its own address), so the per-IP cap is a server's: the
 * auth service caps each person (per device and per IP) before it opens a channel here.
 */
export const relayLimits = {
  /**
   * A channel lives 10 minutes, completed or not (Farcaster's relay keeps one an hour; a login waits no
   * longer for a scan, auth's farcasterChannelLifeMs), and is swept after.
   */
  channelLifeMs: 10 * minute,
  /** Live channels one client IP may hold at once. */
  channelsPerIp: 500,
  /** Largest request body: an authenticate body (a SIWE message and a signature) is under 6 KiB. */
  bodyLimitBytes: 16 * 1024,
}

export type RelayLimits = typeof relayLimits
