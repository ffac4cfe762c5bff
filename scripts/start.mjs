// `npm start`: install what is missing, build when stale, then run the whole local stack in this process.
import { ensureBuilt, ensureInstalled } from './lib/bootstrap.mjs'

try {
  ensureInstalled()
  ensureBuilt()
} catch (error) {
  console.error(`npm start: ${error.message}`)
  process.exit(1)
}
const { watchAncestors } = await import('../services/dist/process/watchAncestors.js')
// npm runs us through `sh -c`; if npm dies, even by SIGKILL, we stop as on Ctrl-C rather than keep the
// stack's ports with no one to stop it. (Our own children, the chain, watch us in turn.)
if (process.env.npm_lifecycle_event) watchAncestors(2, () => process.kill(process.pid, 'SIGTERM'))
const { runCli } = await import('../services/dist/cli/run.js')
await runCli(['start', ...process.argv.slice(2)])
