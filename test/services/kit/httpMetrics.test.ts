import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { honoMetrics, httpMetrics } from '../../../services/kit/httpMetrics.js'
import { MetricsRegistry } from '../../../services/kit/metrics.js'

describe('request metrics', () => {
  it('counts each request under its route pattern, never its raw path; a request no route took is unmatched', async () => {
    const registry = new MetricsRegistry()
    let clock = 0
    const app = new Hono()
      .use(honoMetrics(httpMetrics(registry), () => clock))
      .get('/v1/projects/:id', (c) => {
        clock += 30
        return c.json({ id: c.req.param('id') })
      })
      .post('/v1/refuse', (c) => c.json({ error: 'no' }, 429))
    for (const id of ['a', 'b', '0xdeadbeef']) await app.request(`/v1/projects/${id}`)
    await app.request('/v1/refuse', { method: 'POST' })
    await app.request('/nowhere/0x1234')
    await app.request('/v1/projects/a', { method: 'BREW' })
    const text = await registry.render()
    expect(text).toContain(
      'pairwise_http_requests_total{route="/v1/projects/:id",method="GET",status="200"} 3\n',
    )
    expect(text).toContain('pairwise_http_requests_total{route="/v1/refuse",method="POST",status="429"} 1\n')
    expect(text).toContain('pairwise_http_requests_total{route="unmatched",method="GET",status="404"} 1\n')
    expect(text).toContain('pairwise_http_requests_total{route="unmatched",method="OTHER",status="404"} 1\n')
    expect(text).not.toContain('deadbeef')
    expect(text).not.toContain('0x1234')
    expect(text).toContain(
      'pairwise_http_request_duration_seconds_bucket{route="/v1/projects/:id",method="GET",le="0.025"} 0\n',
    )
    expect(text).toContain(
      'pairwise_http_request_duration_seconds_bucket{route="/v1/projects/:id",method="GET",le="0.05"} 3\n',
    )
  })
})
