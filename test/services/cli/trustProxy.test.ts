import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRelayArgs } from '../../../services/relay/index.js'
import { stackConfig } from '../../../services/stack/index.js'
import { bundleCli, runCli } from '../../support/cli.js'
import { freePort, twoFreePorts } from '../../support/ports.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-trust-proxy-'))
let cli: string
let remove: () => void
beforeAll(async () => {
  ;({ cli, remove } = await bundleCli('trust-proxy'))
}, 60_000)
afterAll(() => {
  remove?.()
  rmSync(dir, { recursive: true, force: true })
})

const stackTrace = /^\s+at /m
const database = () => join(dir, `api-${Math.random().toString(36).slice(2)}.sqlite`)

/** Each service command, with what makes it start alone on free ports, and the line it prints once up. */
async function services(): Promise<{ name: string; args: string[]; up: RegExp }[]> {
  const [smtp, mail] = await twoFreePorts()
  const [solana] = await twoFreePorts()
  return [
    {
      name: 'api',
      args: ['api', '--port', String(await freePort()), '--database', database()],
      up: /^api\s+http/m,
    },
    {
      name: 'auth',
      args: [
        'auth',
        '--port',
        String(await freePort()),
        '--database',
        database(),
        '--kek-file',
        join(dir, 'kek'),
      ],
      up: /^auth\s+http/m,
    },
    { name: 'relay', args: ['relay', '--port', String(await freePort())], up: /relay listening on/ },
    {
      name: 'mail',
      args: ['mail', '--smtp-port', String(smtp), '--port', String(mail)],
      up: /^mail\s+http/m,
    },
    { name: 'solana', args: ['solana', '--port', String(solana)], up: /^solana\s+http/m },
  ]
}

/** Starts the command, waits for its line, stops it: whether it took the setting. */
async function startsWith(args: string[], up: RegExp, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const run = runCli(cli, args, { ...process.env, ...env })
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
    for (const { args, up } of await services()) await startsWith([...args, ...flags], up)
    for (const { args, up } of await services()) await startsWith(args, up, env)
  }, 240_000)

  it('each service command and `start` refuse a bad entry, naming it, exit 1, no stack trace, before listening', async () => {
    const commands = [
      { name: 'start', args: ['start', '--data-dir', join(dir, 'never')] },
      ...(await services()),
    ]
    for (const { name, args } of commands) {
      const flag = runCli(cli, [...args, '--trust-proxy', '10.0.0.0/8,10.1.0.0/33'])
      expect(await flag.exited, name).toBe(1)
      expect(flag.output(), name).toMatch(
        new RegExp(
          `^pairwise ${name}: --trust-proxy: '10\\.1\\.0\\.0/33' is not an IP address or CIDR range`,
          'm',
        ),
      )
      expect(flag.output(), name).not.toMatch(stackTrace)
      const env = runCli(cli, args, { ...process.env, PAIRWISE_TRUST_PROXY: 'proxy.example' })
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
