import { z } from 'zod'

/** The variable every service reads when `--redis` is not given. */
export const REDIS_URL_ENV = 'PAIRWISE_REDIS_URL'

const redisUrlSchema = z
  .string()
  .trim()
  .min(1, 'is empty')
  .refine((text) => {
    try {
      const url = new URL(text)
      return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== ''
    } catch {
      return false
    }
  }, 'must be a redis:// or rediss:// URL with a host, such as redis://127.0.0.1:6379')

/**
 * The `--redis` flag, else `PAIRWISE_REDIS_URL`, checked before anything starts: a typo fails at once
 * with the setting's name instead of as a connection error later. Undefined when neither is set.
 */
export function redisUrlOf(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const [text, name] = flag !== undefined ? [flag, '--redis'] : [env[REDIS_URL_ENV], REDIS_URL_ENV]
  if (text === undefined || (flag === undefined && text === '')) return undefined
  const parsed = redisUrlSchema.safeParse(text)
  if (!parsed.success) throw new Error(`Invalid ${name}: ${parsed.error.issues[0]?.message ?? 'invalid URL'}`)
  return parsed.data
}
