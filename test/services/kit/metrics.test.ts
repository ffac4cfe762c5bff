import { describe, expect, it } from 'vitest'
import { MetricsRegistry } from '../../../services/kit/metrics.js'
import { answerMetrics, metricsAccessOf } from '../../../services/kit/metricsAccess.js'

describe('metrics in the Prometheus text format', () => {
  it('counters, gauges and histograms render with HELP, TYPE and escaped labels', async () => {
    const metrics = new MetricsRegistry()
    const requests = metrics.counter(
      'pairwise_http_requests_total',
      'Requests answered, by route and status.',
    )
    requests.inc({ route: '/v1/projects/:id', status: '200' })
    requests.inc({ route: '/v1/projects/:id', status: '200' }, 2)
    requests.inc({ route: 'a"b\\c\nd', status: '404' })
    metrics.gauge('pairwise_relay_sockets', 'Open sockets.', () => 7)
    metrics.gauge('pairwise_pool_connections', 'Pool use.', async () => [
      { labels: { state: 'idle' }, value: 3 },
      { labels: { state: 'busy' }, value: 1 },
    ])
    expect(await metrics.render()).toBe(
      [
        '# HELP pairwise_http_requests_total Requests answered, by route and status.',
        '# TYPE pairwise_http_requests_total counter',
        'pairwise_http_requests_total{route="/v1/projects/:id",status="200"} 3',
        'pairwise_http_requests_total{route="a\\"b\\\\c\\nd",status="404"} 1',
        '# HELP pairwise_relay_sockets Open sockets.',
        '# TYPE pairwise_relay_sockets gauge',
        'pairwise_relay_sockets 7',
        '# HELP pairwise_pool_connections Pool use.',
        '# TYPE pairwise_pool_connections gauge',
        'pairwise_pool_connections{state="idle"} 3',
        'pairwise_pool_connections{state="busy"} 1',
        '',
      ].join('\n'),
    )
  })

  it('a histogram counts each value in its bucket and every larger one, with +Inf, sum and count', async () => {
    const metrics = new MetricsRegistry()
    const latency = metrics.histogram('pairwise_http_request_seconds', 'Latency.', [0.01, 0.1, 1])
    for (const seconds of [0.005, 0.05, 0.05, 2]) latency.observe(seconds, { route: '/x' })
    latency.observe(Number.NaN, { route: '/x' })
    const text = await metrics.render()
    expect(text).toContain('pairwise_http_request_seconds_bucket{route="/x",le="0.01"} 1\n')
    expect(text).toContain('pairwise_http_request_seconds_bucket{route="/x",le="0.1"} 3\n')
    expect(text).toContain('pairwise_http_request_seconds_bucket{route="/x",le="1"} 3\n')
    expect(text).toContain('pairwise_http_request_seconds_bucket{route="/x",le="+Inf"} 4\n')
    expect(text).toContain('pairwise_http_request_seconds_sum{route="/x"} 2.105\n')
    expect(text).toContain('pairwise_http_request_seconds_count{route="/x"} 4\n')
  })

  it('label sets beyond the cap are counted under "other", so varied labels cannot grow memory', async () => {
    const metrics = new MetricsRegistry({ maxSeries: 2 })
    const counter = metrics.counter('pairwise_refusals_total', 'Refusals.')
    for (let index = 0; index < 1000; index++) counter.inc({ project: `p${index}` })
    const lines = (await metrics.render())
      .split('\n')
      .filter((line) => line.startsWith('pairwise_refusals_total'))
    expect(lines).toEqual([
      'pairwise_refusals_total{project="p0"} 1',
      'pairwise_refusals_total{project="p1"} 1',
      'pairwise_refusals_total{project="other"} 998',
    ])
  })

  it('a gauge whose read fails is left out, and the rest still renders', async () => {
    const metrics = new MetricsRegistry()
    metrics.gauge('pairwise_indexer_lag_blocks', 'Lag.', async () => {
      throw new Error('chain down')
    })
    metrics.gauge('pairwise_up', 'Up.', () => 1)
    expect(await metrics.render()).toBe('# HELP pairwise_up Up.\n# TYPE pairwise_up gauge\npairwise_up 1\n')
  })

  it('names are checked, registered once, and a counter never goes down', () => {
    const metrics = new MetricsRegistry()
    expect(() => metrics.counter('bad-name', 'x')).toThrow("'bad-name' is not a Prometheus metric name")
    const counter = metrics.counter('pairwise_total', 'x')
    expect(() => metrics.counter('pairwise_total', 'x')).toThrow('registered twice')
    expect(() => counter.inc({}, -1)).toThrow('can only grow')
    expect(() => counter.inc({ 'bad-label': 'x' })).toThrow("'bad-label' is not a Prometheus label name")
  })
})

describe('who may read /metrics', () => {
  const metrics = new MetricsRegistry()
  metrics.gauge('pairwise_up', 'Up.', () => 1)
  const token = 'a-long-metrics-token-0123'

  it('off by default: 404, as if there were no such route', async () => {
    const answer = await answerMetrics(metrics, metricsAccessOf({}), `Bearer ${token}`)
    expect(answer.status).toBe(404)
    expect(answer.body).not.toContain('pairwise_up')
  })

  it('behind PAIRWISE_METRICS_TOKEN: 401 without or with a wrong token, the text with it, the scheme in any case', async () => {
    const access = metricsAccessOf({ PAIRWISE_METRICS_TOKEN: token })
    for (const header of [undefined, 'Bearer wrong', `Basic ${token}`, `Bearer ${token}x`]) {
      const answer = await answerMetrics(metrics, access, header)
      expect(answer.status, String(header)).toBe(401)
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    }
    for (const header of [`bearer  ${token}`, `BEARER ${token}`])
      expect((await answerMetrics(metrics, access, header)).status, header).toBe(200)
    const answer = await answerMetrics(metrics, access, `Bearer ${token}`)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(answer.body).toContain('pairwise_up 1\n')
  })

  it('PAIRWISE_METRICS=open serves without a token; bad settings are refused, naming the variable', async () => {
    expect(
      (await answerMetrics(metrics, metricsAccessOf({ PAIRWISE_METRICS: 'open' }), undefined)).status,
    ).toBe(200)
    expect(() => metricsAccessOf({ PAIRWISE_METRICS: 'yes' })).toThrow(
      "PAIRWISE_METRICS: 'yes' is not open or off",
    )
    expect(() => metricsAccessOf({ PAIRWISE_METRICS_TOKEN: 'short' })).toThrow(
      'PAIRWISE_METRICS_TOKEN: a token of at least 16 characters is needed',
    )
  })
})
