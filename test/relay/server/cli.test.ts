import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RELAY_PORT,
  parseRelayArgs,
  parseStoreSpec,
  silentLogger,
  startRelay,
} from '../../../relay/server/index.js'
import { freePort } from '../../support/ports.js'

describe('relay command line', () => {
  it('reads every flag', () => {
    const options = parseRelayArgs(
      [
        '--port',
        '9001',
        '--host',
        '0.0.0.0',
        '--store',
        'sqlite:/tmp/relay.db',
        '--sqlite-sync',
        'full',
        '--reject-bad-auth',
        '--audience',
        'wss://relay.example.org',
        '--audience',
        'wss://relay2.example.org',
        '--log-level',
        'warn',
      ],
      {},
    )
    expect(options).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      store: 'sqlite:/tmp/relay.db',
      sqliteSync: 'full',
      rejectBadAuth: true,
      allowedAudiences: ['wss://relay.example.org', 'wss://relay2.example.org'],
    })
    expect(parseRelayArgs(['--redis', 'redis://127.0.0.1:6379', '--redis-prefix', 'a:'], {})).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'a:',
    })
  })

  it('falls back to PAIRWISE_RELAY_PORT, PAIRWISE_HOST, then the documented defaults', () => {
    expect(parseRelayArgs([], { PAIRWISE_RELAY_PORT: '7000', PAIRWISE_HOST: '127.0.0.2' })).toMatchObject({
      port: 7000,
      host: '127.0.0.2',
      rejectBadAuth: false,
    })
    expect(parseRelayArgs([], {})).toMatchObject({ port: DEFAULT_RELAY_PORT, host: '127.0.0.1' })
  })

  it('says what is wrong with a bad flag', () => {
    expect(() => parseRelayArgs(['--port', 'x'], {})).toThrow(/--port/)
    expect(() => parseRelayArgs(['--store', 'postgres:x'], {})).toThrow(/memory' or 'sqlite:FILE'/)
    expect(() => parseRelayArgs(['--log-level', 'loud'], {})).toThrow(/--log-level/)
    expect(() => parseRelayArgs(['--sqlite-sync', 'off'], {})).toThrow(/--sqlite-sync/)
    expect(() => parseRelayArgs(['--bogus'], {})).toThrow()
    expect(() => parseStoreSpec('sqlite:')).toThrow()
  })

  it('fails to start, quickly and saying so, when Redis cannot be reached', async () => {
    const port = await freePort()
    const started = Date.now()
    await expect(
      startRelay({ port: 0, logger: silentLogger, redisUrl: `redis://127.0.0.1:${port}` }),
    ).rejects.toThrow(/cannot reach Redis/)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
