#!/usr/bin/env node
import { runCli } from './cli.js'

process.exitCode = await runCli(process.argv.slice(2), process).catch((error: unknown) => {
  // A failure the CLI does not expect (a folder it may not write, a prompt closed with Ctrl-D): one line, exit 1.
  process.stderr.write(`create-pairwise: ${error instanceof Error ? error.message : String(error)}\n`)
  return 1
})
