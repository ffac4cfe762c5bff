import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  DEFAULT_RELAY_PORT,
  defaultRelayLimits,
  parseRelayArgs,
  parseStoreSpec,
  silentLogger,
  startRelay,
} from '../../../services/relay/index.js'
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
        '--ping-interval',
        '5000',
        '--message-timeout',
        '60000',
      ],
      {},
    )
    expect(options).toMatchObject({
      port: 9001,
      pingIntervalMs: 5000,
      messageTimeoutMs: 60_000,
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

  it('reads a flag for every relay limit', () => {
    const options = parseRelayArgs(
      [
        '--max-connections-per-ip',
        '5',
        '--max-mailbox-bytes',
        '1048576',
        '--publish-per-second-per-ip',
        '25',
      ],
      {},
    )
    expect(options.limits).toEqual({
      maxConnectionsPerIp: 5,
      maxMailboxBytes: 1_048_576,
      publishPerSecondPerIp: 25,
    })
    for (const name of Object.keys(defaultRelayLimits)) {
      const flag = `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
      expect(parseRelayArgs([flag, '7'], {}).limits).toEqual({ [name]: 7 })
    }
    expect(parseRelayArgs([], {}).limits).toBeUndefined()
    for (const written of ['0', 'many', '', '1e3', '0x2', '2.0', '2.5', ' 8', '-1'])
      expect(() => parseRelayArgs([`--max-connections=${written}`], {}), written).toThrow(
        `--max-connections must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got '${written}'`,
      )
  })

  it('reads --port and PAIRWISE_RELAY_PORT as decimal digits from 0 (any free port) to 65535, naming the one that is wrong', () => {
    expect(parseRelayArgs(['--port', '0'], {}).port).toBe(0)
    expect(parseRelayArgs([], { PAIRWISE_RELAY_PORT: '65535' }).port).toBe(65535)
    // Number() read '' as 0 (a random port), '1e3' as 1000, '0x2' as 2, '2.0' as 2 and ' 8' as 8.
    for (const written of ['', '1e3', '0x2', '2.0', ' 8', '-1', '99999']) {
      expect(() => parseRelayArgs([`--port=${written}`], { PAIRWISE_RELAY_PORT: '7000' }), written).toThrow(
        `--port must be a port number from 0 to 65535, got '${written}'`,
      )
      expect(() => parseRelayArgs([], { PAIRWISE_RELAY_PORT: written }), written).toThrow(
        `PAIRWISE_RELAY_PORT must be a port number from 0 to 65535, got '${written}'`,
      )
    }
  })

  it('says what is wrong with a bad flag', () => {
    expect(() => parseRelayArgs(['--port', 'x'], {})).toThrow(/--port/)
    expect(() => parseRelayArgs(['--store', 'postgres:x'], {})).toThrow(/memory' or 'sqlite:FILE'/)
    expect(() => parseRelayArgs(['--log-level', 'loud'], {})).toThrow(/--log-level/)
    expect(() => parseRelayArgs(['--sqlite-sync', 'off'], {})).toThrow(/--sqlite-sync/)
    for (const interval of ['999', '30001', '1500.5', 'often', '', '1e3', '0x3e8', '2000.0', ' 2000', '-1'])
      expect(() => parseRelayArgs([`--ping-interval=${interval}`], {})).toThrow(
        `--ping-interval must be whole milliseconds from 1000 to 30000, got '${interval}'`,
      )
    for (const timeout of ['999', '300001', '1500.5', 'slow', '', '1e4', ' 2000', '-1'])
      expect(() => parseRelayArgs([`--message-timeout=${timeout}`], {})).toThrow(
        `--message-timeout must be whole milliseconds from 1000 to 300000, got '${timeout}'`,
      )
    expect(() => parseRelayArgs(['--bogus'], {})).toThrow()
    expect(() => parseStoreSpec('sqlite:')).toThrow()
  })

  it('closes with 1008 a socket whose message takes longer than --message-timeout to arrive', async () => {
    const relay = await startRelay({
      ...parseRelayArgs(['--port', '0', '--message-timeout', '1000'], {}),
      logger: silentLogger,
    })
    const slow = new WebSocket(relay.url)
    try {
      const closed = new Promise<number>((resolve) => slow.on('close', (code) => resolve(code)))
      await new Promise((resolve) => slow.once('open', resolve))
      slow.send('{"id":1,"jsonrpc":"2.0",', { fin: false })
      // Within the default 30 s, past the flag's 1 s: the relay checks the clock as the next bytes come.
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      slow.send('"method":"irn_publish",', { fin: false })
      expect(await closed).toBe(1008)
    } finally {
      slow.terminate()
      await relay.close()
    }
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
