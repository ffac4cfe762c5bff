import { describe, expect, it } from 'vitest'
import { apiConfig } from '../../../services/api/config.js'
import { parseRelayArgs } from '../../../services/relay/index.js'
import { REDIS_URL_ENV, redisUrlOf } from '../../../services/sharedState/index.js'

describe('redisUrlOf', () => {
  it('takes --redis first, then PAIRWISE_REDIS_URL, and nothing when neither is set', () => {
    expect(redisUrlOf('redis://127.0.0.1:6379', { [REDIS_URL_ENV]: 'redis://other:1' })).toBe(
      'redis://127.0.0.1:6379',
    )
    expect(redisUrlOf(undefined, { [REDIS_URL_ENV]: 'rediss://cache.internal:6380/2' })).toBe(
      'rediss://cache.internal:6380/2',
    )
    expect(redisUrlOf(undefined, {})).toBeUndefined()
    expect(redisUrlOf(undefined, { [REDIS_URL_ENV]: '' })).toBeUndefined()
  })

  it('refuses what is not a redis URL with a clear error naming the setting', () => {
    expect(() => redisUrlOf('localhost:6379', {})).toThrow(/^Invalid --redis: must be a redis:\/\//)
    expect(() => redisUrlOf('http://127.0.0.1:6379', {})).toThrow(/Invalid --redis/)
    expect(() => redisUrlOf('', {})).toThrow('Invalid --redis: is empty')
    expect(() => redisUrlOf(undefined, { [REDIS_URL_ENV]: 'redis://' })).toThrow(
      `Invalid ${REDIS_URL_ENV}: must be a redis://`,
    )
  })
})

describe('--redis on the service commands', () => {
  it('is read by the api and the relay, flag first, and a bad one stops the command with its name', () => {
    expect(apiConfig({ [REDIS_URL_ENV]: 'redis://env:6379' }).redisUrl).toBe('redis://env:6379')
    expect(apiConfig({}, { redis: 'redis://flag:6379' }).redisUrl).toBe('redis://flag:6379')
    expect(apiConfig({}).redisUrl).toBeUndefined()
    expect(() => apiConfig({}, { redis: 'redis:/oops' })).toThrow(/^Invalid --redis/)
    expect(parseRelayArgs([], { [REDIS_URL_ENV]: 'redis://env:6379' }).redisUrl).toBe('redis://env:6379')
    expect(parseRelayArgs([], {}).redisUrl).toBeUndefined()
    expect(() => parseRelayArgs([], { [REDIS_URL_ENV]: 'cache:6379' })).toThrow(`Invalid ${REDIS_URL_ENV}`)
  })
})
