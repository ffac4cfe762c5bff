/**
 * Prometheus metrics for every service, in the text exposition format (version 0.0.4) that Prometheus,
 * VictoriaMetrics and Grafana Agent scrape. Each process keeps its own numbers: a scraper reads every node,
 * and sums across nodes are the query's job, as Prometheus intends.
 */

export type Labels = Readonly<Record<string, string>>

/** One value of a gauge read at scrape time. */
export type Sample = { labels?: Labels; value: number }

export type Counter = { inc(labels?: Labels, by?: number): void }
export type Histogram = { observe(value: number, labels?: Labels): void }

/**
 * Label sets one metric holds at most, so a client that varies a label (a path, a project id) cannot grow
 * our memory: once full, new label sets are counted under every label set to `other`.
 */
export const DEFAULT_MAX_SERIES = 500

/** Seconds; from a cached read to a slow upstream call. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/
const OVERFLOW = 'other'

type Series<T> = { labels: Labels; value: T }
type HistogramValue = { buckets: number[]; sum: number; count: number }

/** The series of one metric, keyed by their label set, capped. */
class SeriesTable<T> {
  private readonly rows = new Map<string, Series<T>>()

  constructor(
    private readonly maxSeries: number,
    private readonly fresh: () => T,
  ) {}

  get(labels: Labels): Series<T> {
    const key = seriesKey(labels)
    const found = this.rows.get(key)
    if (found) return found
    for (const label of Object.keys(labels)) {
      if (!LABEL.test(label)) throw new TypeError(`'${label}' is not a Prometheus label name`)
    }
    const admitted = this.rows.size < this.maxSeries ? labels : overflowOf(labels)
    const admittedKey = seriesKey(admitted)
    const existing = this.rows.get(admittedKey)
    if (existing) return existing
    const row = { labels: admitted, value: this.fresh() }
    this.rows.set(admittedKey, row)
    return row
  }

  all(): Iterable<Series<T>> {
    return this.rows.values()
  }
}

type Read = () => number | Sample[] | Promise<number | Sample[]>

type Family = {
  name: string
  help: string
  type: 'counter' | 'gauge' | 'histogram'
  lines(): Promise<string[]>
}

/** One registry per service instance: no module-level state, so several services share a process safely. */
export class MetricsRegistry {
  private readonly families = new Map<string, Family>()
  private readonly maxSeries: number

  constructor(options: { maxSeries?: number } = {}) {
    this.maxSeries = options.maxSeries ?? DEFAULT_MAX_SERIES
  }

  counter(name: string, help: string): Counter {
    const table = new SeriesTable(this.maxSeries, () => 0)
    this.add(name, help, 'counter', async () =>
      [...table.all()].map(({ labels, value }) => sampleLine(name, labels, value)),
    )
    return {
      inc(labels = {}, by = 1) {
        if (!(by >= 0)) throw new RangeError(`counter ${name} can only grow, not by ${by}`)
        const row = table.get(labels)
        row.value += by
      },
    }
  }

  histogram(name: string, help: string, buckets: readonly number[] = LATENCY_BUCKETS): Histogram {
    const bounds = [...buckets].sort((a, b) => a - b)
    const table = new SeriesTable<HistogramValue>(this.maxSeries, () => ({
      buckets: bounds.map(() => 0),
      sum: 0,
      count: 0,
    }))
    this.add(name, help, 'histogram', async () =>
      [...table.all()].flatMap(({ labels, value }) => [
        ...bounds.map((bound, index) =>
          sampleLine(`${name}_bucket`, { ...labels, le: formatNumber(bound) }, value.buckets[index] ?? 0),
        ),
        sampleLine(`${name}_bucket`, { ...labels, le: '+Inf' }, value.count),
        sampleLine(`${name}_sum`, labels, value.sum),
        sampleLine(`${name}_count`, labels, value.count),
      ]),
    )
    return {
      observe(value, labels = {}) {
        if (!Number.isFinite(value)) return
        const row = table.get(labels).value
        // Cumulative, as the format requires: a value counts in its own bucket and every larger one.
        bounds.forEach((bound, index) => {
          if (value <= bound) row.buckets[index] = (row.buckets[index] ?? 0) + 1
        })
        row.sum += value
        row.count += 1
      },
    }
  }

  /** A value read when scraped (open sockets, queue depth, pool use): nothing to keep in step. */
  gauge(name: string, help: string, read: Read): void {
    this.observed(name, help, 'gauge', read)
  }

  /** A total another part keeps (messages stored, sockets refused), read when scraped. */
  counterFrom(name: string, help: string, read: Read): void {
    this.observed(name, help, 'counter', read)
  }

  private observed(name: string, help: string, type: 'gauge' | 'counter', read: Read): void {
    this.add(name, help, type, async () => {
      const value = await read()
      const samples = typeof value === 'number' ? [{ value }] : value.slice(0, this.maxSeries)
      return samples.map(({ labels, value }) => sampleLine(name, labels ?? {}, value))
    })
  }

  /** The whole exposition; a gauge whose read fails is left out, never the scrape. */
  async render(): Promise<string> {
    const blocks = await Promise.all(
      [...this.families.values()].map(async ({ name, help, type, lines }) => {
        const body = await lines().catch(() => undefined)
        if (body === undefined) return ''
        return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n${body.map((line) => `${line}\n`).join('')}`
      }),
    )
    return blocks.join('')
  }

  private add(name: string, help: string, type: Family['type'], lines: Family['lines']): void {
    if (!NAME.test(name)) throw new TypeError(`'${name}' is not a Prometheus metric name`)
    if (this.families.has(name)) throw new TypeError(`metric ${name} is registered twice`)
    this.families.set(name, { name, help, type, lines })
  }
}

/** The `Content-Type` of `render()`'s text. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

function sampleLine(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels)
  const set = pairs.length === 0 ? '' : `{${pairs.map(([k, v]) => `${k}="${escapeValue(v)}"`).join(',')}}`
  return `${name}${set} ${formatNumber(value)}`
}

function seriesKey(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

function overflowOf(labels: Labels): Labels {
  return Object.fromEntries(Object.keys(labels).map((label) => [label, OVERFLOW]))
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Number.POSITIVE_INFINITY) return '+Inf'
  if (value === Number.NEGATIVE_INFINITY) return '-Inf'
  return String(value)
}

const escapeValue = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')
const escapeHelp = (help: string) => help.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')
