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
 * Files that need a fresh process: they replace modules (vi.mock), watch a lazy chunk load for the first
 * time, share a registry a dependency keeps on the page (the Wallet Standard's), poll on fake timers, or
 * start servers and processes whose setup is the slow part anyway.
 */
const isolated = [
  'test/services/**/*.test.ts',
  'test/security/**/*.test.ts',
  'test/interop/**/*.test.ts',
  'test/examples/**/*.test.ts',
  'test/solana/**/*.test.ts',
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
    // Vitest's default leaves a core idle (2 cores: one worker, the files in series). Most files here wait
    // on chains, relays and servers more than they compute, so one worker per core halves the suite's time.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated } },
      // The in-process unit tests share a worker's modules: importing the module graph once per worker
      // instead of once per file takes the suite minutes faster. The source keeps no module-level state,
      // and every stub these files make is undone in their own hooks.
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: isolated, isolate: false },
      },
    ],
  },
})
