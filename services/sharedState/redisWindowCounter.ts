import type { Redis } from 'ioredis'
import {
  type Budget,
  DEFAULT_WINDOW_MS,
  type WindowCounter,
  type WindowCounterOptions,
} from './windowCounter.js'

// One hash per key: `s` the window's start, `c1`… its counts. The window test, the check of every budget
// and the counting run as one script, so two processes never both take the last of a budget. The clock is
// the caller's (ARGV), as in memory; the key expires when its window ends, so Redis holds only live windows.
// The processes' clocks differ a little: a window started by one whose clock is ahead stays the current one
// for the others (never an older one started over it), or a client sent to each in turn across a window's
// edge would find its count restarted at every request.
const windowScript = `
local now, windowMs, aligned = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3] == '1'
local start = tonumber(redis.call('HGET', KEYS[1], 's'))
local current
if aligned then
  current = start ~= nil and start >= now - now % windowMs
else
  current = start ~= nil and now - start < windowMs
end
if not current then
  start = aligned and now - now % windowMs or now
end
local expiresIn = math.max(1, math.ceil(start + windowMs - now))
if ARGV[4] == 'refund' then
  if current and tonumber(redis.call('HGET', KEYS[1], 'c1') or '0') > 0 then
    redis.call('HINCRBY', KEYS[1], 'c1', -1)
  end
  return 1
end
local budgets = (#ARGV - 4) / 2
for i = 1, budgets do
  local count = current and tonumber(redis.call('HGET', KEYS[1], 'c' .. i) or '0') or 0
  if count + tonumber(ARGV[4 + 2 * i]) > tonumber(ARGV[3 + 2 * i]) then return 0 end
end
if not current then redis.call('DEL', KEYS[1]) end
redis.call('HSET', KEYS[1], 's', string.format('%d', start))
for i = 1, budgets do redis.call('HINCRBY', KEYS[1], 'c' .. i, ARGV[4 + 2 * i]) end
redis.call('PEXPIRE', KEYS[1], expiresIn)
return 1
`

/** A counter of every process using one Redis: the same windows and budgets as MemoryWindowCounter. */
export class RedisWindowCounter implements WindowCounter {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #windowMs: number
  readonly #aligned: boolean
  readonly #now: () => number

  /** `prefix` namespaces this counter's keys (the deployment's prefix and the counter's name). */
  constructor(redis: Redis, prefix: string, options: WindowCounterOptions = {}) {
    this.#redis = redis
    this.#prefix = prefix
    this.#windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
    this.#aligned = (options.windows ?? 'aligned') === 'aligned'
    this.#now = options.now ?? Date.now
  }

  take(key: string, limit: number): Promise<boolean> {
    return this.takeAll(key, [{ limit, amount: 1 }])
  }

  async takeAll(key: string, budgets: readonly Budget[]): Promise<boolean> {
    const counts = budgets.flatMap(({ limit, amount }) => [String(limit), String(amount)])
    return (await this.#run(key, 'take', counts)) === 1
  }

  async refund(key: string): Promise<void> {
    await this.#run(key, 'refund', [])
  }

  retryAfterSeconds(): number {
    if (!this.#aligned) return Math.ceil(this.#windowMs / 1000)
    const now = this.#now()
    return Math.ceil((this.#windowMs - (now % this.#windowMs)) / 1000)
  }

  #run(key: string, action: 'take' | 'refund', counts: string[]): Promise<unknown> {
    const now = String(Math.floor(this.#now()))
    const args = [now, String(this.#windowMs), this.#aligned ? '1' : '0', action, ...counts]
    return this.#redis.eval(windowScript, 1, `${this.#prefix}${key}`, ...args)
  }
}
