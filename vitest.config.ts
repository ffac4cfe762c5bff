import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
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
