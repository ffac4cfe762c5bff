import type { Database } from '../api/db/index.js'
import type { ApiLogger } from '../api/http/types.js'
import { DEFAULT_MAX_RATE_LIMITED_CLIENTS } from '../api/projects/clientBudget.js'
import { ProjectLookup } from '../api/projects/projectLookup.js'
import type { ProjectStore } from '../api/projects/projectStore.js'
import type { TrustedProxies } from '../kit/index.js'
import type { Mailer } from '../mail/mailer.js'
import { memorySharedState, type SharedState, type WindowCounter } from '../sharedState/index.js'
import { AttemptStore } from './attemptStore.js'
import { clientIp } from './clientIp.js'
import { DeviceProofs, replayKeepMs } from './deviceProofs.js'
import { EmailChangeStore } from './emailChangeStore.js'
import { authErrors } from './errors.js'
import type { FarcasterConfig } from './farcaster/farcasterConfig.js'
import { FarcasterSignIn } from './farcaster/farcasterSignIn.js'
import { KekBox } from './kekBox.js'
import type { AuthLimits } from './limits.js'
import { Lockout } from './lockout.js'
import { OprfKeys } from './oprfKeys.js'
import { Outbox } from './outbox.js'
import { RecoveryGuard } from './recoveryGuard.js'
import { RedisReplayGuard } from './redisReplayGuard.js'
import { SendThrottle } from './sendThrottle.js'
import { SessionStore } from './sessionStore.js'
import { ShareVault } from './shareVault.js'
import { IdentityStore } from './social/identityStore.js'
import type { SocialProviderConfig } from './social/providerConfig.js'
import { SocialAttempts } from './social/socialAttempts.js'
import { SocialClients } from './social/socialClients.js'
import { UserStore } from './userStore.js'
import { WalletStore } from './walletStore.js'

export type AuthContextOptions = {
  /** Migrated already (projects and auth). */
  db: Database
  projects: ProjectStore
  mailer: Mailer
  /** The key-encryption key of the auth shares and OPRF keys: 32 bytes, from config or env, never in the database. */
  kek: Uint8Array
  /** The HMAC key of stored codes. */
  pepper: Uint8Array
  limits: AuthLimits
  logger: ApiLogger
  now: () => number
  /** Where browsers reach this service (the approval link's origin). */
  publicUrl: () => string
  /** The proxies whose X-Forwarded-For names the client of every per-IP rule (requests.ts `clientIp`). */
  trustProxy: TrustedProxies
  /**
   * With Redis, the device proofs seen and the clients' lookups of unknown projects are counted by every
   * auth process together (every other limit is in `db`); without it, by this process alone.
   */
  shared?: SharedState
  /** The social providers this service is a client of (parsed by providerConfig.ts); none by default. */
  socialProviders?: readonly SocialProviderConfig[]
  /** Sign In With Farcaster (the relay it is a client of, and verification); off without it. */
  farcaster?: FarcasterConfig
}

/** Everything the auth routes share: the stores, the checks and the clock of one service instance. */
export type AuthContext = Omit<
  AuthContextOptions,
  'mailer' | 'kek' | 'pepper' | 'shared' | 'socialProviders' | 'farcaster'
> & {
  /** The mailer, through the count of mails on their way (limits `mailsInFlight`). */
  outbox: Outbox
  /** The project a client's request names, within its budget of lookups of unknown ids (requests.ts). */
  projectLookup: ProjectLookup
  /** Farcaster relay status reads, counted per login and per client IP (limits `farcasterPolls…`). */
  farcasterPolls: WindowCounter
  attempts: AttemptStore
  throttle: SendThrottle
  lockout: Lockout
  users: UserStore
  sessions: SessionStore
  wallets: WalletStore
  changes: EmailChangeStore
  proofs: DeviceProofs
  oprfKeys: OprfKeys
  recoveryGuard: RecoveryGuard
  social: SocialClients
  socialAttempts: SocialAttempts
  identities: IdentityStore
  farcaster: FarcasterSignIn | undefined
}

export function authContext(options: AuthContextOptions): AuthContext {
  const { db, mailer, limits, kek, pepper, shared, socialProviders, farcaster, ...rest } = options
  const box = new KekBox(kek)
  const replays =
    shared?.kind === 'redis'
      ? new RedisReplayGuard(shared.redis, shared.prefix, replayKeepMs(limits), limits.replayEntriesPerClient)
      : undefined
  // Names of their own: in a Redis the api shares, each service keeps its own budgets per client.
  const counter = (name: string) =>
    (shared ?? memorySharedState()).counter(name, {
      now: options.now,
      maxKeys: DEFAULT_MAX_RATE_LIMITED_CLIENTS,
    })
  return {
    ...rest,
    db,
    limits,
    outbox: new Outbox(mailer, limits.mailsInFlight),
    farcasterPolls: counter('auth-farcaster-polls'),
    projectLookup: new ProjectLookup(options.projects, counter('auth-project-lookup'), (seconds) =>
      authErrors.tryAgainAfter(seconds * 1000),
    ),
    attempts: new AttemptStore(db, pepper, limits),
    throttle: new SendThrottle(db, limits),
    lockout: new Lockout(db, limits),
    users: new UserStore(db, limits.devicesPerUser),
    sessions: new SessionStore(db, limits),
    wallets: new WalletStore(db, new ShareVault(box)),
    changes: new EmailChangeStore(db, limits.attemptLifeMs),
    proofs: new DeviceProofs(limits, options.now, (c) => clientIp(options, c), replays),
    oprfKeys: new OprfKeys(db, box),
    recoveryGuard: new RecoveryGuard(db, limits),
    social: new SocialClients(socialProviders ?? [], options.publicUrl, options.now, limits),
    socialAttempts: new SocialAttempts(db, limits),
    identities: new IdentityStore(db),
    farcaster: farcaster && new FarcasterSignIn(farcaster, db, limits, options.logger),
  }
}
