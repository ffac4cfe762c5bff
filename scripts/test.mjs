// `npm test`: install what is missing, build when stale, run every suite, and end with one line
// `N passed, N failed, N skipped` summing them all. Exits non-zero when anything failed.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureBuilt, ensureDebianPackages, ensureInstalled, root } from './lib/bootstrap.mjs'
import { playwrightFailures, vitestFailures } from './lib/failures.mjs'

const reports = join(root, '.pairwise/reports')
const bin = (name) => join(root, 'node_modules/.bin', name)
const totals = { passed: 0, failed: 0, skipped: 0 }
const lines = []
// Printed just above the summary, so that the end of a long log (all a CI page may show) names what failed.
const failures = []

/**
 * Runs one suite and adds its counts; returns its summary line and, when `quiet`, its output for the caller
 * to print, so a suite that runs beside another never interleaves with it.
 */
async function runSuite(name, command, args, readCounts, { env = {}, quiet = false } = {}) {
  const started = Date.now()
  if (!quiet) console.log(`\n── ${name} ──`)
  const child = spawn(command, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  })
  let output = ''
  const collect = (chunk) => {
    output += chunk
  }
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', collect)
  const status = await new Promise((resolve) => {
    child.once('error', () => resolve(1))
    child.once('close', (code) => resolve(code ?? 1))
  })
  let counts
  try {
    counts = readCounts(status)
  } catch {
    counts = undefined
  }
  // A runner that crashed before reporting still counts as a failure.
  if (!counts) counts = { passed: 0, failed: 1, skipped: 0 }
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1
    failures.push(
      `${name.padEnd(10)} exited with ${status} though no test failed: an unhandled error or a crashed worker, in its output above`,
    )
  }
  for (const key of Object.keys(totals)) totals[key] += counts[key]
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const line = `${name.padEnd(10)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)`
  return { line, output: quiet ? `\n── ${name} ──\n${output.trimEnd()}` : '' }
}

const check = (status) => ({ passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 })

async function main() {
  // In the background while node_modules installs and the packages build: neither needs the other.
  const debian = ensureDebianPackages([
    { binary: '/usr/bin/chromium', pkg: 'chromium' },
    { binary: '/usr/bin/redis-server', pkg: 'redis-server' },
    // The api service's suite runs on PostgreSQL too, in a throwaway cluster the tests start themselves.
    { binary: '/usr/bin/pg_ctlcluster', pkg: 'postgresql' },
    // `pairwise cluster`'s load balancer, in front of the nodes its e2e starts.
    { binary: '/usr/sbin/haproxy', pkg: 'haproxy' },
  ])
  ensureInstalled()
  ensureBuilt()
  const missing = await debian
  rmSync(reports, { recursive: true, force: true })
  mkdirSync(reports, { recursive: true })

  // The type check and the lint need one core for about 40 s, and the unit phase leaves one mostly idle
  // while its first files load their modules: they run beside it, their output printed after the unit phase's.
  const checks = Promise.all([
    runSuite('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], check, { quiet: true }),
    runSuite('lint', bin('biome'), ['ci', '.'], check, { quiet: true }),
  ])

  const vitestReport = join(reports, 'vitest.json')
  const unit = await runSuite(
    'unit',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    () => {
      const r = JSON.parse(readFileSync(vitestReport, 'utf8'))
      failures.push(...vitestFailures(r, root))
      return {
        passed: r.numPassedTests,
        failed: r.numFailedTests,
        skipped: r.numPendingTests + r.numTodoTests,
      }
    },
  )
  for (const { output } of await checks) console.log(output)
  lines.push(...(await checks).map(({ line }) => line), unit.line)

  if (missing.includes('chromium')) {
    lines.push('browser    not run: chromium is missing (see above)')
    totals.failed += 1
  } else {
    // The browser specs first; then the packaging specs, so their installs and builds never compete with a
    // page's timing (playwright.config.ts names both projects).
    for (const project of ['browser', 'packaging']) {
      const playwrightReport = join(reports, `playwright-${project}.json`)
      const { line } = await runSuite(
        project,
        bin('playwright'),
        ['test', `--project=${project}`],
        () => {
          if (!existsSync(playwrightReport)) return undefined
          const report = JSON.parse(readFileSync(playwrightReport, 'utf8'))
          failures.push(...playwrightFailures(report, project, root))
          const { stats } = report
          return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
        },
        { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } },
      )
      lines.push(line)
    }
  }

  if (failures.length > 0) console.log(`\n── failed ──\n${failures.join('\n')}`)
  console.log(`\n${lines.join('\n')}`)
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  process.exit(totals.failed > 0 ? 1 : 0)
}

try {
  await main()
} catch (error) {
  console.error(`npm test: ${error.message}`)
  console.log(`${totals.passed} passed, ${totals.failed + 1} failed, ${totals.skipped} skipped`)
  process.exit(1)
}
