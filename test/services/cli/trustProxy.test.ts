import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseRelayArgs } from '../../../services/relay/index.js'
import { stackConfig } from '../../../services/stack/index.js'
import { runCli, useBundledCli } from '../../support/cli.js'
import { freePortRuns } from '../../support/ports.js'

const bundled = useBundledCli('trust-proxy')
const { dir } = bundled

const stackTrace = /^\s+at /m
const database = () => join(dir, `api-${Math.random().toString(36).slice(2)}.sqlite`)

type Service = { name: string; args: string[]; up: RegExp }

/** The ports one set of services listens on: Solana's PubSub takes the port after its RPC. */
const portWidths = [1, 1, 1, 1, 1, 2, 1]

/**
 * Each service command, with what makes it start alone on free ports, and the line it prints once up:
 * `sets` of them, every port drawn in one go so no two sets share one.
 */
async function services(sets = 1): Promise<Service[][]> {
  const ports = await freePortRuns(Array.from({ length: sets }, () => portWidths).flat())
  return Array.from({ length: sets }, (_, set) => {
    const port = (index: number) => String(ports[set * portWidths.length + index])
    return [
      { name: 'api', args: ['api', '--port', port(0), '--database', database()], up: /^api\s+http/m },
      {
        name: 'auth',
        args: ['auth', '--port', port(1), '--database', database(), '--kek-file', join(dir, `kek-${set}`)],
        up: /^auth\s+http/m,
      },
      { name: 'relay', args: ['relay', '--port', port(2)], up: /relay listening on/ },
      { name: 'mail', args: ['mail', '--smtp-port', port(3), '--port', port(4)], up: /^mail\s+http/m },
      { name: 'solana', args: ['solana', '--port', port(5)], up: /^solana\s+http/m },
      {
        name: 'bitcoin',
        args: ['bitcoin', '--port', port(6), '--data-dir', join(dir, `bitcoin-${set}`)],
        up: /^bitcoin\s+http/m,
      },
    ]
  })
}

/** Starts the command, waits for its line, stops it: whether it took the setting. */
async function startsWith(args: string[], up: RegExp, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const run = runCli(bundled.cli, args, { ...process.env, ...env })
  try {
    await run.waitFor(up, 60_000)
  } finally {
    run.child.kill('SIGTERM')
  }
  await run.exited
}

describe('--trust-proxy and PAIRWISE_TRUST_PROXY on every service command', () => {
  it('each service command starts with the flag (repeated, comma-separated, IPv6) and with the env', async () => {
    const env = { PAIRWISE_TRUST_PROXY: '10.0.0.0/8 fd00::/8' }
    const flags = ['--trust-proxy', '10.0.0.0/8,192.168.0.0/16', '--trust-proxy', '::1']
    const [withFlags = [], withEnv = []] = await services(2)
    const starts = [
      ...withFlags.map(
        ({ args, up }) =>
          () =>
            startsWith([...args, ...flags], up),
      ),
      ...withEnv.map(
        ({ args, up }) =>
          () =>
            startsWith(args, up, env),
      ),
    ]
    // A few at a time: each start is mostly its child loading modules, and ten at once on a busy
    // two-core machine leave each too little of it.
    for (let next = 0; next < starts.length; next += 3)
      await Promise.all(starts.slice(next, next + 3).map((start) => start()))
  }, 240_000)

  it('each service command and `start` refuse a bad entry, naming it, exit 1, no stack trace, before listening', async () => {
    const commands = [
      { name: 'start', args: ['start', '--data-dir', join(dir, 'never')] },
      ...((await services())[0] ?? []),
    ]
    for (const { name, args } of commands) {
      // The flag's refusal and the env's at once.
      const flag = runCli(bundled.cli, [...args, '--trust-proxy', '10.0.0.0/8,10.1.0.0/33'])
      const env = runCli(bundled.cli, args, { ...process.env, PAIRWISE_TRUST_PROXY: 'proxy.example' })
      expect(await flag.exited, name).toBe(1)
      expect(flag.output(), name).toMatch(
        new RegExp(
          `^pairwise ${name}: --trust-proxy: '10\\.1\\.0\\.0/33' is not an IP address or CIDR range`,
          'm',
        ),
      )
      expect(flag.output(), name).not.toMatch(stackTrace)
      expect(await env.exited, name).toBe(1)
      expect(env.output(), name).toMatch(
        new RegExp(
          // The api's own config reads the variable (services/api/config.ts) and names the flag it stands for.
          `^pairwise ${name}: (PAIRWISE_TRUST_PROXY|--trust-proxy): 'proxy\\.example' is not an IP address or CIDR range`,
          'm',
        ),
      )
    }
  }, 120_000)

  it('the flag wins over the env, and the stack and relay options carry the parsed ranges', () => {
    const env = { PAIRWISE_TRUST_PROXY: '10.0.0.0/8' }
    expect(stackConfig(env).trustProxy.ranges).toEqual(['10.0.0.0/8'])
    expect(stackConfig({}).trustProxy.ranges).toEqual([])
    expect(parseRelayArgs([], env).trustProxy?.ranges).toEqual(['10.0.0.0/8'])
    const relay = parseRelayArgs(['--trust-proxy', '192.168.1.1,::1', '--trust-proxy', '172.16.0.0/12'], env)
    expect(relay.trustProxy?.ranges).toEqual(['192.168.1.1', '::1', '172.16.0.0/12'])
    expect(relay.trustProxy?.has('172.20.3.4')).toBe(true)
    expect(relay.trustProxy?.has('10.1.1.1')).toBe(false)
  })
})
