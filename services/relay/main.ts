#!/usr/bin/env node
import { relayUsage, runRelayCli } from './cli.js'

try {
  await runRelayCli(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  console.error(`usage: ${relayUsage}`)
  process.exit(1)
}
