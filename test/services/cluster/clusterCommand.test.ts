import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { clusterConfigOf } from '../../../services/cluster/clusterCommand.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-cluster-flags-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('pairwise cluster flags', () => {
  it('refuses a SQLite database from --database or DATABASE_URL before starting anything: its nodes share one', () => {
    expect(() => clusterConfigOf(['--database', '.pairwise/data/api.sqlite'], {})).toThrow(
      'Invalid --database: the cluster runs several processes on one database, which must be PostgreSQL (postgres://…), not a SQLite file',
    )
    expect(() => clusterConfigOf([], { DATABASE_URL: '/var/lib/pairwise/api.sqlite' })).toThrow(
      /^Invalid DATABASE_URL: .* must be PostgreSQL/,
    )
  })

  it('names a mistyped database scheme without printing its password', () => {
    const refused = () => clusterConfigOf(['--database', 'postgress://app:s3cret@db.internal/pairwise'], {})
    expect(refused).toThrow("not 'postgress://app:***@db.internal/pairwise'")
    expect(refused).not.toThrow(/s3cret/)
  })

  it('takes a PostgreSQL URL from --database over DATABASE_URL, and starts its own when neither is set', () => {
    const flag = 'postgres://app:s3cret@db.internal:5432/pairwise'
    const env = { DATABASE_URL: 'postgresql://other@db.internal/pairwise' }
    expect(clusterConfigOf(['--database', flag], env).databaseUrl).toBe(flag)
    expect(clusterConfigOf([], env).databaseUrl).toBe(env.DATABASE_URL)
    expect(clusterConfigOf([], { DATABASE_URL: '' }).databaseUrl).toBeUndefined()
  })

  it('refuses two processes of the cluster on one port before starting anything, naming where each came from', () => {
    expect(() => clusterConfigOf(['--node-port', '8786'], {})).toThrow(
      'relay-2 (--node-port 8786) and the relay frontend (--relay-port or PAIRWISE_RELAY_PORT) would both listen on port 8787: each process needs a port of its own',
    )
    expect(() => clusterConfigOf(['--postgres-port', '9103'], {})).toThrow(
      'postgres (--postgres-port 9103) and api-2 (--node-port 9100) would both listen on port 9103',
    )
    expect(() => clusterConfigOf(['--redis-port', '7000', '--postgres-port', '7000'], {})).toThrow(
      'redis (--redis-port 7000) and postgres (--postgres-port 7000) would both listen on port 7000',
    )
  })

  it("takes a public port the local stack's other services would use, which the cluster does not run", () => {
    expect(clusterConfigOf(['--mail-port', '8545'], {}).ports.mail).toBe(8545)
  })

  it('reads --api, --relay and --auth as a number of nodes from 1 to 32 in decimal digits, two by default', () => {
    expect(clusterConfigOf(['--api', '1', '--relay', '32'], {}).counts).toEqual({
      api: 1,
      relay: 32,
      auth: 2,
    })
    // Number() read '' as 0, '1e1' as 10, '0x2' as 2, '2.0' as 2 and ' 8' as 8.
    for (const flag of ['--api', '--relay', '--auth'])
      for (const written of ['', '1e1', '0x2', '2.0', ' 8', '-1', '0', '33', '99999'])
        expect(() => clusterConfigOf([`${flag}=${written}`], {}), `${flag} ${written}`).toThrow(
          `${flag} must be a number of nodes from 1 to 32, got '${written}'`,
        )
  })

  it('reads the --chains and --onramp-sandbox files before starting anything, as every node would', () => {
    const missing = join(dir, 'missing.json')
    expect(() => clusterConfigOf(['--chains', missing], {})).toThrow(`--chains: cannot read ${missing}`)
    const chains = join(dir, 'chains.json')
    writeFileSync(chains, JSON.stringify([{ chainId: 'one' }]))
    expect(() => clusterConfigOf(['--chains', chains], {})).toThrow(/^--chains: 0\.chainId: /)
    const key = join(dir, 'delivery.key')
    writeFileSync(key, `0x${'ab'.repeat(32)}\n`)
    chmodSync(key, 0o644)
    const sandbox = join(dir, 'sandbox.json')
    writeFileSync(
      sandbox,
      JSON.stringify({
        chainId: 31337,
        rpcUrl: 'http://127.0.0.1:8545',
        testUsdc: `0x${'11'.repeat(20)}`,
        deliveryKeyFile: 'delivery.key',
      }),
    )
    expect(() => clusterConfigOf(['--onramp-sandbox', sandbox], {})).toThrow(
      `--onramp-sandbox: ${key}: other users than its owner may open it; chmod 600 it`,
    )
    chmodSync(key, 0o600)
    writeFileSync(chains, '[]')
    expect(clusterConfigOf(['--chains', chains, '--onramp-sandbox', sandbox], {})).toMatchObject({
      chainsFile: chains,
      onrampSandboxFile: sandbox,
    })
  })
})
