import { test as base, expect } from '@playwright/test'
import { type DemoStack, startDemoStack } from './frameStack.js'
import type { LoopbackPage } from './loopbackPage.js'

export * from './frameStack.js'

/** Playwright `test` with `npm start`'s stack (auth, frame, inbox) per worker. */
export const test = base.extend<{ sites: LoopbackPage[] }, { stack: DemoStack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const stack = await startDemoStack()
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** Pages a test served; closed after it. */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  sites: async ({}, use) => {
    const sites: LoopbackPage[] = []
    await use(sites)
    for (const site of sites) await site.close()
  },
})

export { expect }
