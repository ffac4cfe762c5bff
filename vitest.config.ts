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

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    allowOnly: false,
    // Vitest's default leaves a core idle (2 cores: one worker, the files in series). Most files here wait
    // on chains, relays and servers more than they compute, so one worker per core halves the suite's time.
    maxWorkers: availableParallelism(),
  },
})
