import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './test/support/browser.js'

export default defineConfig({
  testDir: 'test',
  testMatch: '**/*.spec.ts',
  outputDir: '.pairwise/playwright',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
})
