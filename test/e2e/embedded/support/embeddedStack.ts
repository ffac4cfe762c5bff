import { test as modalTest } from '../../modal/fixtures.js'
import type { LoopbackPage } from './loopbackPage.js'

export { expect } from '@playwright/test'
export * from './frameStack.js'

/**
 * The modal specs' `test`, whose worker stack is `npm start`'s whole stack (auth, frame, inbox included):
 * one stack a worker serves both, where a fixture of its own started a second one in every worker.
 */
export const test = modalTest.extend<{ sites: LoopbackPage[] }>({
  /** Pages a test served; closed after it. */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
  sites: async ({}, use) => {
    const sites: LoopbackPage[] = []
    await use(sites)
    for (const site of sites) await site.close()
  },
})
