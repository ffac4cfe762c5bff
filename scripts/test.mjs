// `npm test`: install what is missing, build when stale, run every suite, and end with one line
// `N passed, N failed, N skipped` summing them all. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureBuilt, ensureDebianPackages, ensureInstalled, root } from './lib/bootstrap.mjs'

const reports = join(root, '.pairwise/reports')
const bin = (name) => join(root, 'node_modules/.bin', name)
const totals = { passed: 0, failed: 0, skipped: 0 }
const lines = []

function runSuite(name, command, args, readCounts, env = {}) {
  const started = Date.now()
  console.log(`\n── ${name} ──`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const status = result.status ?? 1
  let counts
  try {
    counts = readCounts(status)
  } catch {
    counts = undefined
  }
  // A runner that crashed before reporting still counts as a failure.
  if (!counts) counts = { passed: 0, failed: 1, skipped: 0 }
  if (status !== 0 && counts.failed === 0) counts.failed = 1
  for (const key of Object.keys(totals)) totals[key] += counts[key]
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  lines.push(
    `${name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)`,
  )
}

const check = (status) => ({ passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 })

function main() {
  ensureInstalled()
  const missing = ensureDebianPackages([
    { binary: '/usr/bin/chromium', pkg: 'chromium' },
    { binary: '/usr/bin/redis-server', pkg: 'redis-server' },
    // The api service's suite runs on PostgreSQL too, in a throwaway cluster the tests start themselves.
    { binary: '/usr/bin/pg_ctlcluster', pkg: 'postgresql' },
    // `pairwise cluster`'s load balancer, in front of the nodes its e2e starts.
    { binary: '/usr/sbin/haproxy', pkg: 'haproxy' },
  ])
  ensureBuilt()
  rmSync(reports, { recursive: true, force: true })
  mkdirSync(reports, { recursive: true })

  runSuite('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], check)
  runSuite('lint', bin('biome'), ['ci', '.'], check)

  const vitestReport = join(reports, 'vitest.json')
  runSuite(
    'unit',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    () => {
      const r = JSON.parse(readFileSync(vitestReport, 'utf8'))
      return {
        passed: r.numPassedTests,
        failed: r.numFailedTests,
        skipped: r.numPendingTests + r.numTodoTests,
      }
    },
  )

  if (missing.includes('chromium')) {
    lines.push('browser    not run: chromium is missing (see above)')
    totals.failed += 1
  } else {
    // The browser specs first; then the packaging specs, so their installs and builds never compete with a
    // page's timing (playwright.config.ts names both projects).
    for (const project of ['browser', 'packaging']) {
      const playwrightReport = join(reports, `playwright-${project}.json`)
      runSuite(
        project,
        bin('playwright'),
        ['test', `--project=${project}`],
        () => {
          if (!existsSync(playwrightReport)) return undefined
          const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'))
          return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
        },
        { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      )
    }
  }

  console.log(`\n${lines.join('\n')}`)
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  process.exit(totals.failed > 0 ? 1 : 0)
}

try {
  main()
} catch (error) {
  console.error(`npm test: ${error.message}`)
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed, ${totals.skipped} skipped`)
  process.exit(1)
}
