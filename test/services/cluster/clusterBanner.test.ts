import { describe, expect, it } from 'vitest'
import { clusterBanner } from '../../../services/cluster/clusterCommand.js'
import { redactedUrl } from '../../../services/cluster/redactedUrl.js'
import type { RunningCluster } from '../../../services/cluster/startCluster.js'

const adminToken = 'admin-token-never-printed'
const node = (url: string, pgid: number) => ({ name: 'node', url, pgid })
const cluster: RunningCluster = {
  stackFile: '/run/pairwise/stack.json',
  adminTokenFile: '/run/pairwise/cluster/api-admin.token',
  stop: async () => {},
  stack: {
    relay: { url: 'ws://127.0.0.1:8787' },
    api: { url: 'http://127.0.0.1:8788', adminToken },
    auth: { url: 'http://127.0.0.1:8789' },
    mail: { url: 'http://127.0.0.1:8025', smtp: 'smtp://127.0.0.1:2525' },
    cluster: {
      nodes: {
        relay: [node('ws://127.0.0.1:9100', 11)],
        api: [node('http://127.0.0.1:9101', 12)],
        auth: [node('http://127.0.0.1:9102', 13)],
      },
      haproxy: { config: '/run/pairwise/cluster/haproxy.cfg', pgid: 14 },
      database: 'postgres://postgres:pg-secret@127.0.0.1:5432/postgres',
      redis: 'redis://:redis-secret@127.0.0.1:6379',
      trustProxy: '127.0.0.1',
    },
  },
}

describe('what `pairwise cluster` prints', () => {
  it('shows no password and no admin token: the URLs redacted, the token by its file', () => {
    const text = clusterBanner(cluster, '/run/pairwise/cluster').join('\n')
    for (const secret of [adminToken, 'pg-secret', 'redis-secret']) expect(text).not.toContain(secret)
    expect(text).toContain('postgres postgres://postgres:***@127.0.0.1:5432/postgres')
    expect(text).toContain('redis  redis://:***@127.0.0.1:6379')
    expect(text).toContain('admin token in /run/pairwise/cluster/api-admin.token')
  })

  it('redacts a password in the userinfo or a parameter, and text that is no URL whole', () => {
    expect(redactedUrl('postgres://app:s3cret@db.internal:5432/pairwise')).toBe(
      'postgres://app:***@db.internal:5432/pairwise',
    )
    expect(redactedUrl('postgres://app@db.internal/pairwise?password=s3cret')).toBe(
      'postgres://app@db.internal/pairwise?password=***',
    )
    expect(redactedUrl('rediss://cache.internal:6380')).toBe('rediss://cache.internal:6380')
    expect(redactedUrl('not a url with s3cret')).toBe('***')
  })
})
