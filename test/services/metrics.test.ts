import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { generateSigningKeyPair, signRelayJwt } from '../../crypto/noble.js'
import { apiConfig, startApi } from '../../services/api/index.js'
import { metricsAccessOf } from '../../services/kit/index.js'
import { parseRelayArgs, silentLogger, startRelay } from '../../services/relay/index.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-metrics-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const token = 'scrape-token-0123456789'
const scrape = (url: string, auth?: string) =>
  fetch(`${url}/metrics`, auth === undefined ? {} : { headers: { authorization: `Bearer ${auth}` } })

describe('GET /metrics on every service', () => {
  it('the api: off by default (404), behind its token, requests by route pattern and status', async () => {
    const closed = await startApi({ port: 0, database: join(dir, 'off.sqlite'), logger: silentLogger })
    try {
      expect((await scrape(closed.url, token)).status).toBe(404)
    } finally {
      await closed.close()
    }
    const api = await startApi({
      port: 0,
      database: join(dir, 'on.sqlite'),
      logger: silentLogger,
      metrics: metricsAccessOf({ PAIRWISE_METRICS_TOKEN: token }),
    })
    try {
      expect((await scrape(api.url)).status).toBe(401)
      expect((await scrape(api.url, 'wrong-token-0123456789')).status).toBe(401)
      for (let i = 0; i < 3; i++) await fetch(`${api.url}/health`)
      await fetch(`${api.url}/v1/projects/0xdeadbeef/config`)
      const answer = await scrape(api.url, token)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
      const text = await answer.text()
      expect(text).toContain('pairwise_http_requests_total{route="/health",method="GET",status="200"} 3\n')
      expect(text).toMatch(
        /pairwise_http_request_duration_seconds_count\{route="\/health",method="GET"\} 3\n/,
      )
      expect(text).not.toContain('deadbeef')
    } finally {
      await api.close()
    }
  })

  it('the relay: sockets, subscriptions, mailbox depth and message totals, read when scraped', async () => {
    const relay = await startRelay({
      port: 0,
      store: 'memory',
      logger: silentLogger,
      metrics: metricsAccessOf({ PAIRWISE_METRICS: 'open' }),
    })
    const socket = new WebSocket(
      `${relay.url}?auth=${signRelayJwt({ secretKey: generateSigningKeyPair().secretKey, aud: relay.url })}`,
    )
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      const http = relay.url.replace(/^ws/, 'http')
      const publish = { id: 1, jsonrpc: '2.0', method: 'irn_publish' }
      const topic = 'ab'.repeat(32)
      socket.send(JSON.stringify({ ...publish, params: { topic, message: 'aGVsbG8=', ttl: 300, tag: 1100 } }))
      await new Promise((resolve) => socket.once('message', resolve))
      const text = await (await scrape(http)).text()
      expect(text).toContain('# TYPE pairwise_relay_sockets gauge\npairwise_relay_sockets 1\n')
      expect(text).toContain('pairwise_relay_mailbox_messages 1\n')
      expect(text).toContain(
        '# TYPE pairwise_relay_messages_stored_total counter\npairwise_relay_messages_stored_total 1\n',
      )
    } finally {
      socket.close()
      await relay.close()
    }
  })

  it('each service command reads the setting from the environment and refuses a bad one', () => {
    expect(apiConfig({ PAIRWISE_METRICS: 'open' }).metrics).toEqual({ kind: 'open' })
    expect(apiConfig({}).metrics).toEqual({ kind: 'off' })
    expect(parseRelayArgs([], { PAIRWISE_METRICS_TOKEN: token }).metrics?.kind).toBe('token')
    expect(() => parseRelayArgs([], { PAIRWISE_METRICS_TOKEN: 'short' })).toThrow('PAIRWISE_METRICS_TOKEN')
  })
})
