/** A value a statement may bind or a row may hold; both stores agree on these. */
export type SqlValue = string | number | null

/**
 * The one storage port of the api service, spoken by SQLite (embedded default) and PostgreSQL alike.
 * Statements use `?` placeholders and the SQL both dialects share (TEXT, INTEGER, BIGINT, `ON CONFLICT`,
 * `RETURNING`); the PostgreSQL side numbers the placeholders. Integer columns come back as `number` from
 * both stores, so anything that may pass 2^53 (token amounts) is kept as decimal TEXT.
 */
export interface Database {
  readonly kind: 'sqlite' | 'postgres'
  /** Rows of a query, as plain objects keyed by column name. */
  all<Row extends Record<string, SqlValue>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>
  /** The first row of a query, or undefined. */
  get<Row extends Record<string, SqlValue>>(
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<Row | undefined>
  /** Runs one statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Omit<Database, 'transaction' | 'close'>) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** A pool's use now (PostgreSQL); an embedded database has none. */
  readonly poolUse?: () => PoolUse
}

/** Connections open and idle, queries waiting for one, and the most the pool opens. */
export type PoolUse = { open: number; idle: number; waiting: number; max: number }
