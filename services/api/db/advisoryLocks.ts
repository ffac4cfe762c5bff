/** The first half of every PostgreSQL advisory lock key the api takes, so its locks never meet another app's. */
export const apiLockNamespace = 0x70777365

/** The second halves: each piece of background work that must run in one process, and the migrations. */
export const apiLockKeys = { indexer: 1, onramp: 2, migrations: 3 } as const

/**
 * The first half of the locks `lockedTransaction` takes per key (a client's cap, a user's guesses), the
 * second half a hash of the key: apart from the api's own locks above.
 */
export const keyLockNamespace = 0x70776175
