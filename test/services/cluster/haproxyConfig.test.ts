import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { haproxyConfig } from '../../../services/cluster/haproxyConfig.js'
import { HAPROXY } from '../../../services/cluster/startCluster.js'

const config = haproxyConfig([
  {
    name: 'relay',
    host: '127.0.0.1',
    port: 8787,
    balance: 'leastconn',
    socketsPerClient: 228,
    nodes: [
      { host: '127.0.0.1', port: 9100 },
      { host: '127.0.0.1', port: 9101 },
    ],
  },
  {
    name: 'api',
    host: '::1',
    port: 8788,
    balance: 'roundrobin',
    socketsPerClient: 128,
    nodes: [{ host: '::1', port: 9102 }],
  },
])

describe('the haproxy config of a cluster', () => {
  it('appends the client to X-Forwarded-For, keeps quiet WebSockets open and checks each node on /health', () => {
    expect(config).toContain('  option forwardfor\n')
    expect(config).toContain('  timeout tunnel 1h\n')
    expect(config).toContain('  http-check send meth GET uri /health ver HTTP/1.1 hdr Host 127.0.0.1\n')
    expect(config).toContain('  default-server check inter 1000ms fall 2 rise 2\n')
  })

  it('sends a request a dead node refused, or a GET it died under, to another node; never repeats a POST it may have run', () => {
    expect(config).toContain('  retries 2\n  option redispatch 1\n  retry-on conn-failure empty-response\n')
    expect(config.match(/ {2}http-request disable-l7-retry unless METH_GET\n/g)).toHaveLength(2)
  })

  it('gives each service a frontend and a backend of its nodes, IPv6 hosts in brackets', () => {
    expect(config).toMatch(
      /frontend relay\n {2}bind 127\.0\.0\.1:8787\n(?: {2}(?:stick|tcp)-.*\n)+ {2}default_backend relay_nodes\n/,
    )
    expect(config).toContain('  balance leastconn\n')
    expect(config).toContain('  server relay-1 127.0.0.1:9100\n  server relay-2 127.0.0.1:9101\n')
    expect(config).toContain('  bind [::1]:8788\n')
    expect(config).toContain('  server api-1 [::1]:9102\n')
  })

  it("closes a connection past its frontend's cap of open connections per client, an IPv6 client by its /64", () => {
    const limited = (cap: number) =>
      '  stick-table type ipv6 size 100k expire 30s store conn_cur\n' +
      '  tcp-request connection track-sc0 src,ipmask(32,64)\n' +
      `  tcp-request connection reject if { sc0_conn_cur gt ${cap} }\n`
    expect(config).toContain(`frontend relay\n  bind 127.0.0.1:8787\n${limited(228)}`)
    expect(config).toContain(`frontend api\n  bind [::1]:8788\n${limited(128)}`)
  })

  it("is a configuration Debian's haproxy accepts", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pairwise-haproxy-'))
    try {
      const file = join(dir, 'haproxy.cfg')
      writeFileSync(file, config)
      const check = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' })
      expect(check.stderr + check.stdout).toMatch(/Configuration file is valid/)
      expect(check.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
