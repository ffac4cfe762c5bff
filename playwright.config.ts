import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './test/support/browser.js'

/**
 * Specs that install packed packages into fresh apps and run production builds: `npm test` runs them after
 * the others, so their builds never compete with a page's timing. Two at a time: much of each is waiting
 * on npm's registry and disk, which the other's build fills.
 */
const packaging = ['create-pairwise/**/*.spec.ts', 'packaging/**/*.spec.ts']

export default defineConfig({
  testDir: 'test',
  testMatch: '**/*.spec.ts',
  // One baseline per spec and platform, whichever project runs it.
  snapshotPathTemplate: '{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  fullyParallel: false,
  // Each worker starts its own local stack: the browser specs mostly wait on it and on Chromium, so two
  // workers on two cores take about half the time of one.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  // A condition waited for (a view, a text) may take seconds while the other worker's stack and Chromium
  // share the two cores: 5 s, Playwright's default, failed once in an official CI run. A wait ends as soon
  // as its condition holds, so only a failure takes longer.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  // A folder each: `npm test` runs the projects one after the other, and each run empties its folder, so a
  // shared one lost the browser failures' pages and screenshots to the packaging run.
  projects: [
    { name: 'browser', testIgnore: packaging, outputDir: '.pairwise/playwright/browser' },
    { name: 'packaging', testMatch: packaging, outputDir: '.pairwise/playwright/packaging' },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
