import { availableParallelism } from 'node:os'
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * Our packages import each other by name; in the workspace that name resolves to the sources, never to a
 * stale dist/. The rest are vitest's own server conditions, which leave out `module`.
 */
const conditions = [
  'pairwise-source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
]

/**
 * Files that need modules of their own: they replace modules (vi.mock), watch a lazy chunk load for the first
 * time, share a registry a dependency keeps on the page (the Wallet Standard's), poll on fake timers, or
 * change the process's environment. Every other file, servers and child processes included, shares its
 * worker's module graph: the source keeps no module-level state, and importing the graph once per worker
 * instead of once per file was most of the unit phase's time (452 s of import against 848 s of tests).
 */
const isolated = [
  'test/interop/**/*.test.ts',
  'test/examples/**/*.test.ts',
  'test/solana/**/*.test.ts',
  'test/services/auth/codes.test.ts',
  'test/services/frame/ui/visibilityGate.test.ts',
  'test/services/frame/signatures.test.ts',
  'test/services/frame/userOperation.test.ts',
  'test/services/api/openapi/routeTable.test.ts',
  'test/services/api/cli.test.ts',
  'test/modal/adapters/pendingTransactions.test.ts',
  'test/modal/analyticsDemo.test.ts',
  'test/modal/email/emailLogin.test.ts',
  'test/modal/siwx/flowView.test.ts',
  'test/storage/fileStorage.sync.test.ts',
  'test/crypto/nobleCurvesOfViem.test.ts',
]

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    allowOnly: false,
    // A folder of the run's own for the bundled CLI, built there once by the first file that runs it.
    globalSetup: ['test/support/cliBundleSetup.ts'],
    // Vitest's default leaves a core idle (2 cores: one worker, the files in series). Most files here wait
    // on chains, relays and servers more than they compute, so one worker per core halves the suite's time.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated } },
      // Every stub these files make is undone in their own hooks.
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: isolated, isolate: false },
      },
    ],
  },
})
