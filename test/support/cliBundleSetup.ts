import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder for the bundled CLI (see `useBundledCli` in cli.ts); built into on first use. */
    cliBundleDir: string
  }
}

/** Where the bundled CLI goes in `dir`: a folder that appears whole (renamed into place) or not at all. */
export const cliBundleOut = (dir: string) => join(dir, 'cli')

/**
 * Vitest's globalSetup: a folder of this run's own for the bundled CLI, removed when the run ends. Nothing is
 * built here, so a run without a CLI test pays nothing; the first file that needs the CLI builds it there
 * (cli.ts), and every other file of the run, in any worker, uses that one. Inside the `pairwise` package
 * (services/), so the bundle resolves node_modules, the pages and Anvil as the sources do; a folder made
 * anew each run, so two runs, of one checkout or two, never share or remove each other's bundle.
 */
export default function setup(project: TestProject): (() => void) | undefined {
  // Projects that extend the root config inherit this file; the root's folder is every project's.
  if (!project.isRootProject()) return undefined
  const parent = fileURLToPath(new URL('../../services/.test-bundles', import.meta.url))
  mkdirSync(parent, { recursive: true })
  const dir = mkdtempSync(join(parent, 'run-'))
  project.provide('cliBundleDir', dir)
  // In watch mode the sources change between runs: the next file that needs the CLI bundles them anew.
  project.onTestsRerun(() => rmSync(cliBundleOut(dir), { recursive: true, force: true }))
  return () => rmSync(dir, { recursive: true, force: true })
}
