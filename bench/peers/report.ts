import type { RunResult } from './measureRun.js'

export type PageResult = {
  readonly name: string
  readonly runs: readonly RunResult[]
  readonly failures: readonly string[]
}

type Summary = {
  readonly name: string
  readonly runs: number
  readonly failures: number
  readonly firstLoadJsGzip: number
  readonly buttonMs: number
  readonly walletListMs: number | undefined
  readonly connectedMs: number
  readonly nonLocalRequests: number
}

export const targets = { latencyRatio: 0.5, firstLoadOverBareBytes: 40_000 } as const
/** Latencies compared with the peers; the bare page has no modal, so it is the baseline for bytes only. */
const modalPeers = ['appkit', 'rainbowkit']

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function summarise({ name, runs, failures }: PageResult): Summary {
  const walletList = runs.map((r) => r.walletListMs).filter((ms): ms is number => ms !== undefined)
  return {
    name,
    runs: runs.length,
    failures: failures.length,
    firstLoadJsGzip: median(runs.map((r) => r.firstLoadJsGzip)),
    buttonMs: median(runs.map((r) => r.buttonMs)),
    walletListMs: walletList.length > 0 ? median(walletList) : undefined,
    connectedMs: median(runs.map((r) => r.connectedMs)),
    nonLocalRequests: median(runs.map((r) => r.nonLocalRequests.length)),
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const ms = (value: number | undefined) =>
  value === undefined ? '—' : Number.isNaN(value) ? 'failed' : value.toFixed(0)
const verdict = (met: boolean) => (met ? 'met' : 'MISSED')

/** Unique non-local URLs (query strings dropped) with how many runs requested each. */
function nonLocalUrls(runs: readonly RunResult[]): string[] {
  const counts = new Map<string, number>()
  for (const run of runs) {
    for (const url of new Set(run.nonLocalRequests.map((u) => u.split('?')[0]!))) {
      counts.set(url, (counts.get(url) ?? 0) + 1)
    }
  }
  return [...counts].map(([url, count]) => `${url} (${count}/${runs.length} runs)`)
}

export function printReport(results: readonly PageResult[], header: string): void {
  const summaries = results.map(summarise)
  const lines = [
    '',
    header,
    'page        runs  first-load JS (gzip)  → button ms  → wallet list ms  → connected ms  non-local requests',
    ...summaries.map(
      (s) =>
        `${s.name.padEnd(10)}  ${`${s.runs}/${s.runs + s.failures}`.padStart(4)}  ${kb(s.firstLoadJsGzip).padStart(20)}  ${ms(s.buttonMs).padStart(11)}  ${ms(s.walletListMs).padStart(16)}  ${ms(s.connectedMs).padStart(14)}  ${String(s.nonLocalRequests).padStart(18)}`,
    ),
  ]
  for (const result of results) {
    for (const failure of result.failures) lines.push(`${result.name}: a run failed: ${failure}`)
    const urls = nonLocalUrls(result.runs)
    if (urls.length > 0) lines.push(`${result.name} asked non-local hosts for:`, ...urls.map((u) => `  ${u}`))
  }

  const ours = summaries.find((s) => s.name === 'ours')
  const peers = summaries.filter((s) => modalPeers.includes(s.name) && s.runs > 0)
  const bare = summaries.find((s) => s.name === 'bare')
  if (!ours || ours.runs === 0) {
    lines.push('', 'ratios: not computed, ours was not measured')
  } else {
    lines.push('', `ratios, ours / best peer (target ≤ ${targets.latencyRatio}):`)
    for (const [label, pick] of [
      ['navigation → button', (s: Summary) => s.buttonMs],
      ['press (pointerdown) on Connect → wallet list', (s: Summary) => s.walletListMs],
      ['press on the wallet → connected', (s: Summary) => s.connectedMs],
    ] as const) {
      const best = peers
        .filter((s) => pick(s) !== undefined)
        .sort((a, b) => pick(a)! - pick(b)!)
        .at(0)
      const value = pick(ours)
      if (!best || value === undefined) {
        lines.push(`  ${label}: no peer to compare with`)
        continue
      }
      const ratio = value / pick(best)!
      lines.push(
        `  ${label.padEnd(45)} ${ratio.toFixed(2)}  (ours ${ms(value)} ms, best ${best.name} ${ms(pick(best))} ms)  ${verdict(ratio <= targets.latencyRatio)}`,
      )
    }
    if (bare && bare.runs > 0) {
      const over = ours.firstLoadJsGzip - bare.firstLoadJsGzip
      lines.push(
        `first-load JS, ours − bare: ${kb(over)} gzip (target ≤ ${kb(targets.firstLoadOverBareBytes)})  ${verdict(over <= targets.firstLoadOverBareBytes)}`,
      )
    }
    lines.push(
      `non-local requests, ours: ${ours.nonLocalRequests} (target 0)  ${verdict(ours.nonLocalRequests === 0)}`,
    )
  }
  console.log(lines.join('\n'))
}
