import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { apiConfig, startApi, WeakAdminTokenError } from '../../../services/api/index.js'
import { runProjectCommand } from '../../../services/cli/projectCommand.js'
import { noTrustedProxies, silentLogger } from '../../../services/relay/index.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-api-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function project(database: string, ...args: string[]): Promise<string> {
  const lines: string[] = []
  await runProjectCommand([...args, '--database', database], { env: {}, print: (line) => lines.push(line) })
  return lines.join('\n')
}

describe('pairwise project', () => {
  it('creates, lists, shows and changes projects in the database', async () => {
    const database = join(dir, 'crud.sqlite')
    expect(await project(database, 'list')).toBe('No projects.')
    expect(
      await project(
        database,
        'create',
        'pairwise-demo',
        '--email',
        'off',
        '--socials',
        'off',
        '--origins',
        'http://127.0.0.1:5173',
        '--swaps',
        'on',
      ),
    ).toMatch(
      /^Created pairwise-demo {2}pairwise-demo\n {4}origins: http:\/\/127\.0\.0\.1:5173\n {4}email=off socials=off swaps=on onramp=off/,
    )
    const set = await project(
      database,
      'set',
      'pairwise-demo',
      '--activity',
      'off',
      '--socials',
      'github,x',
      '--rate-limit',
      '60',
    )
    expect(set).toContain('activity=off')
    expect(set).toContain('socials=github+x')
    expect(set).toContain('rate-limit=60/min')
    expect(await project(database, 'show', 'pairwise-demo')).toContain('email=off')
    await project(database, 'create', 'other', '--name', 'Other shop', '--basic', 'on')
    const listed = await project(database, 'list')
    expect(listed).toContain('other  Other shop  (basic mode)')
    expect(listed.indexOf('other')).toBeLessThan(listed.indexOf('pairwise-demo'))
  })

  it('names the bad flag or value in one line', async () => {
    const database = join(dir, 'errors.sqlite')
    await project(database, 'create', 'shop')
    const cases: [string[], RegExp | string][] = [
      [['set', 'shop', '--activity', 'maybe'], /--activity must be on or off, got 'maybe'/],
      [
        ['set', 'shop', '--origins', 'https://ok.example,https://*'],
        /--origins entry 'https:\/\/\*': not an origin/,
      ],
      [['set', 'shop', '--socials', 'myspace'], /--socials: /],
      [['set', 'shop', '--rate-limit', 'lots'], /--rate-limit must be requests per minute from 1 to 1000000/],
      ...['', '1e3', '0x2', '2.0', ' 8', '-1', '1000001'].map((written): [string[], string] => [
        ['set', 'shop', `--rate-limit=${written}`],
        `--rate-limit must be requests per minute from 1 to 1000000, got '${written}'`,
      ]),
      [['set', 'shop', '--colour', 'blue'], /Unknown option '--colour'/],
      [['set', 'nope', '--email', 'off'], /no project 'nope'/],
      [['create', 'shop'], /already exists/],
      [['create', 'bad id'], /project id 'bad id'/],
      [['show'], /needs a project id/],
      [['show', 'shop', '--email', 'off'], /takes no settings/],
      [['delete', 'shop'], /expected list, show, create or set, got 'delete'/],
    ]
    for (const [args, message] of cases)
      await expect(project(database, ...args), args.join(' ')).rejects.toThrow(message)
  })
})

describe('pairwise api', () => {
  it('takes its port, database and trusted proxies from flags, then env, then defaults', () => {
    expect(apiConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8788,
      database: '.pairwise/data/api.sqlite',
      role: 'all',
      trustProxy: noTrustedProxies,
      metrics: { kind: 'off' },
    })
    expect(apiConfig({ PAIRWISE_TRUST_PROXY: '10.0.0.0/8' }).trustProxy.has('10.1.2.3')).toBe(true)
    expect(
      apiConfig({ PAIRWISE_TRUST_PROXY: '10.0.0.0/8' }, { 'trust-proxy': ['192.0.2.1'] }).trustProxy.ranges,
    ).toEqual(['192.0.2.1'])
    expect(() => apiConfig({ PAIRWISE_TRUST_PROXY: 'proxy.example' })).toThrow(/--trust-proxy/)
    expect(apiConfig({ PAIRWISE_API_PORT: '9000', PAIRWISE_DATA_DIR: '/d' })).toMatchObject({
      port: 9000,
      database: '/d/api.sqlite',
    })
    expect(apiConfig({ DATABASE_URL: 'postgres://x/y' }).database).toBe('postgres://x/y')
    expect(apiConfig({ PAIRWISE_API_PORT: '9000' }, { port: '9100', database: 'a.sqlite' })).toMatchObject({
      port: 9100,
      database: 'a.sqlite',
    })
    expect(() => apiConfig({ PAIRWISE_API_PORT: 'eighty' })).toThrow(/Invalid --port \/ PAIRWISE_API_PORT/)
    expect(apiConfig({ PAIRWISE_API_ROLE: 'worker' }, { role: 'web' }).role).toBe('web')
    expect(apiConfig({ PAIRWISE_API_ROLE: 'worker' }).role).toBe('worker')
    expect(() => apiConfig({}, { role: 'boss' })).toThrow(/Invalid --role \/ PAIRWISE_API_ROLE/)
  })

  it('reads --port and PAIRWISE_API_PORT as decimal digits from 0 (any free port) to 65535, never an empty one as 0', () => {
    expect(apiConfig({}, { port: '0' }).port).toBe(0)
    expect(apiConfig({ PAIRWISE_API_PORT: '0' }).port).toBe(0)
    expect(apiConfig({}, { port: '65535' }).port).toBe(65535)
    // Coercion read '' as 0 (a random port), '1e3' as 1000, '0x2' as 2, '2.0' as 2 and ' 8' as 8.
    for (const written of ['', '1e3', '0x2', '2.0', ' 8', '-1', '99999']) {
      const refusal = `must be a port number from 0 to 65535, got '${written}'`
      expect(() => apiConfig({}, { port: written }), written).toThrow(
        `Invalid --port / PAIRWISE_API_PORT: ${refusal}`,
      )
      expect(() => apiConfig({ PAIRWISE_API_PORT: written }), written).toThrow(refusal)
    }
  })

  it('serves over HTTP with the token it was given, and answers broken requests with JSON 4xx', async () => {
    const api = await startApi({
      port: 0,
      database: join(dir, 'served', 'api.sqlite'),
      adminToken: randomBytes(32).toString('hex'),
      logger: silentLogger,
    })
    try {
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await (await fetch(`${api.url}/health`)).json()).toEqual({ status: 'ok', database: 'sqlite' })
      const admin = await fetch(`${api.url}/v1/admin/projects`, {
        headers: { authorization: `Bearer ${api.adminToken}` },
      })
      expect(await admin.json()).toEqual({ projects: [] })
      for (const [path, host] of [
        ['//evil/x', '127.0.0.1'],
        ['/health', 'bad host with spaces'],
        [`/${'a'.repeat(9000)}`, '127.0.0.1'],
      ] as const) {
        const { status, body } = await rawGet(api.port, path, host)
        expect(status, path.slice(0, 20)).toBeGreaterThanOrEqual(400)
        expect(status).toBeLessThan(500)
        expect(JSON.parse(body)).toHaveProperty('code')
      }
    } finally {
      await api.close()
    }
  })

  it('refuses to start with a short or trivially guessed admin token, naming where it came from and the rule', async () => {
    const database = join(dir, 'weak.sqlite')
    await expect(startApi({ port: 0, database, adminToken: 'admin', logger: silentLogger })).rejects.toThrow(
      /^--admin-token-file \/ startApi\(\{ adminToken \}\): the admin token has 5 characters, fewer than 32; use at least 32 random characters/,
    )
    await expect(
      startApi({ port: 0, database, adminToken: 'ab'.repeat(32), logger: silentLogger }),
    ).rejects.toThrow(/the admin token uses fewer than 5 different characters/)
    await expect(
      startApi({
        port: 0,
        database,
        adminToken: `${'x'.repeat(40)} ${'y'.repeat(40)}`,
        logger: silentLogger,
      }),
    ).rejects.toThrow(WeakAdminTokenError)
    const saved = process.env.PAIRWISE_API_ADMIN_TOKEN
    process.env.PAIRWISE_API_ADMIN_TOKEN = 'admin'
    try {
      await expect(startApi({ port: 0, database, logger: silentLogger })).rejects.toThrow(
        /^PAIRWISE_API_ADMIN_TOKEN: the admin token has 5 characters, fewer than 32/,
      )
    } finally {
      if (saved === undefined) delete process.env.PAIRWISE_API_ADMIN_TOKEN
      else process.env.PAIRWISE_API_ADMIN_TOKEN = saved
    }
  })

  it('starts with a token as the cluster makes one (32 random bytes in base64url)', async () => {
    const adminToken = randomBytes(32).toString('base64url')
    const api = await startApi({
      port: 0,
      database: join(dir, 'strong.sqlite'),
      adminToken,
      logger: silentLogger,
    })
    expect(api.adminToken).toBe(adminToken)
    await api.close()
  })

  it('makes a 64-hex admin token when none is given', async () => {
    const saved = process.env.PAIRWISE_API_ADMIN_TOKEN
    delete process.env.PAIRWISE_API_ADMIN_TOKEN
    try {
      const api = await startApi({ port: 0, database: join(dir, 'token.sqlite'), logger: silentLogger })
      expect(api.adminToken).toMatch(/^[0-9a-f]{64}$/)
      await api.close()
    } finally {
      if (saved !== undefined) process.env.PAIRWISE_API_ADMIN_TOKEN = saved
    }
  })
})

function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
