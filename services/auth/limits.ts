import { fieldLimits } from './protocol/schemas.js'

const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour

/** A cap: at most `max` mails (or recovery evaluations) in any `windowMs`. */
export type SendCap = { windowMs: number; max: number }

/**
 * Every number the auth service holds a client to, and every cap on what a client can make it keep
 * (research §3). Field lengths are in protocol/schemas.ts (`fieldLimits`), beneath the body cap here.
 */
export const authLimits = {
  /** A one-time code lives 10 minutes (ASVS 6.5.5) and the mail says so. */
  codeLifeMs: 10 * minute,
  /** Wrong tries per code; the fifth wrong one burns it. */
  codeTries: 5,
  /** EMAIL-09: no new code or link mail for the same email or the same device within 30 s. */
  resendIntervalMs: 30 * second,
  /** Mails per address (anti-spam): 5 in 15 minutes, 10 in an hour, 30 in a day. */
  sendCapsPerEmail: [
    { windowMs: 15 * minute, max: 5 },
    { windowMs: hour, max: 10 },
    { windowMs: day, max: 30 },
  ] as readonly SendCap[],
  /**
   * Mails started from one client IP, whatever the addresses. Every per-IP cap here counts an IPv6 client
   * by its /64 (kit's `clientKey`).
   */
  sendCapsPerIp: [
    { windowMs: 15 * minute, max: 30 },
    { windowMs: day, max: 200 },
  ] as readonly SendCap[],
  /**
   * Mails on their way to the mail server at once, per process: the mailer queues those its pooled
   * connections cannot take yet, and many clients within their caps could grow that queue without end.
   * Past it a new code mail is refused as one the mailer could not send (503 `UNAVAILABLE`), and nothing is
   * held for it; the mails a code or passphrase already checked calls for (approval links, notices) still go.
   */
  mailsInFlight: 100,
  /** Failed code checks for one email in `failureWindowMs` that pause its email login for `lockoutMs`. */
  failuresBeforeLockout: 10,
  failureWindowMs: hour,
  lockoutMs: 15 * minute,
  /** A device-approval link works once, for 10 minutes. */
  approvalLifeMs: 10 * minute,
  /** A login attempt waits at most this long for its device approval plus its code. */
  attemptLifeMs: 20 * minute,
  /** Sessions: idle 24 h, absolute 30 days. */
  sessionIdleMs: day,
  sessionAbsoluteMs: 30 * day,
  /**
   * `export` of the auth share, and every evaluation of the passphrase by the recovery OPRF, need a code
   * (login or re-auth) this recent.
   */
  reauthFreshMs: 5 * minute,
  /**
   * Passphrase guesses, counted per user: each OPRF evaluation is one until the right passphrase is
   * proven, which clears the count. This many within `recoveryFailureWindowMs` pause evaluations for
   * `recoveryLockoutMs`, doubled by each further pause up to `recoveryLockoutMaxMs`; a proven passphrase
   * resets it. After the seventh pause that is at most 5 guesses a day.
   */
  recoveryGuessesBeforeLockout: 5,
  recoveryFailureWindowMs: day,
  recoveryLockoutMs: 15 * minute,
  recoveryLockoutMaxMs: day,
  /** OPRF evaluations from one client IP, whatever the users (each costs a scalar multiplication). */
  recoveryEvaluationsPerIp: [
    { windowMs: 15 * minute, max: 20 },
    { windowMs: day, max: 100 },
  ] as readonly SendCap[],
  /**
   * Approved devices a user keeps; a new one beyond it drops the least recently used, with its sessions
   * and its hold on the wallet.
   */
  devicesPerUser: 20,
  /** Live sessions a user keeps; a new one beyond it ends the least recently used. */
  sessionsPerUser: 20,
  /** A device proof is accepted within ±60 s of the server clock. */
  proofSkewMs: minute,
  /**
   * Proof signatures remembered to refuse replays (each for twice the skew and 1 ms, the window the skew
   * check accepts). When it is full of live entries, new proofs are refused (503) rather than an entry
   * forgotten, which would let it replay.
   */
  replayCacheEntries: 100_000,
  /**
   * Of those, the live ones one client (its IP, an IPv6 client by its /64) may hold: the start routes take
   * a proof by any key a client makes up, so without a share one address could fill the cache and every
   * other client's proofs would be refused (in Redis, which has no cap in all, it would grow without end).
   * Counted alike in memory and in Redis. 2,000 in two minutes is some 16 signed requests a second, beyond
   * any office behind one address; past it, that client alone gets a 429.
   */
  replayEntriesPerClient: 2_000,
  /** A social login waits at most 10 minutes for the provider to send the browser back. */
  socialAttemptLifeMs: 10 * minute,
  /** The ticket the callback hands to the frame works once, within 60 s. */
  socialTicketLifeMs: minute,
  /**
   * Each request to a provider (discovery, token, user API) while the callback waits: at most 10 s, and
   * at most 128 KiB of its answer read (a real one is a few KiB; GitHub's email list is the longest).
   */
  socialProviderTimeoutMs: 10 * second,
  socialProviderMaxBytes: 128 * 1024,
  /**
   * Social logins held at once, per device and per client IP: each from its start until it expires,
   * whether it still waits for its provider or its callback failed.
   */
  socialPendingPerDevice: 5,
  socialPendingPerIp: 50,
  /**
   * A Farcaster login waits 10 minutes for its relay channel (the public relay keeps one an hour; a login
   * waits no longer for a scan than for a provider's callback), completed or not.
   */
  farcasterChannelLifeMs: 10 * minute,
  /** Farcaster logins waiting for their channel at once, per client IP and per device. */
  farcasterChannelsPerIp: 50,
  farcasterChannelsPerDevice: 5,
  /**
   * Reads of a channel's status at the relay a minute, per login and per client IP (an IPv6 client by its
   * /64). Each poll of farcaster/connect is one, and a relay may count them by this service's address
   * (Farcaster's does), so one client polling fast would spend that for every user; past its share a poll
   * is answered pending without asking. The frame polls every 2 s: 30 a minute.
   */
  farcasterPollsPerLogin: 40,
  farcasterPollsPerIp: 200,
  /** How much of a relay's answer is read: a completed channel's, the largest, is a few KiB. */
  farcasterRelayMaxBytes: 64 * 1024,
  /** Largest request body: the biggest, POST /wallet, is under 4 KiB (see fieldLimits). */
  bodyLimitBytes: 16 * 1024,
  fields: fieldLimits,
}

export type AuthLimits = typeof authLimits
