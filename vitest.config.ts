import { availableParallelism } from 'node:os'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Our packages import each other by name; in the workspace that name resolves to the sources, never to a stale dist/. */
const source = 'pairwise-source'

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions] } },
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
