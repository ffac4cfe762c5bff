// `npm start`: install what is missing, build when stale, then run the whole local stack in this process.
import { ensureBuilt, ensureInstalled } from './lib/bootstrap.mjs'

try {
  ensureInstalled()
  ensureBuilt()
} catch (error) {
  console.error(`npm start: ${error.message}`)
  process.exit(1)
}
const { runCli } = await import('../dist/services/cli/run.js')
await runCli(['start', ...process.argv.slice(2)])
