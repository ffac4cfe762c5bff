// `npm run build`: compiles every package into its own dist/ (ESM + .d.ts, `tsc -b` in dependency order),
// marks the bin executable, and builds the example pages into services/pages/<page> (static sites the
// `pairwise` package serves: the demo, the sign-in and the embedded-wallet pages) and the secure frame page
// into services/frame/dist.
import { chmodSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { beginBuildStamp, root, run, workspaces, writeBuildStamp } from './lib/bootstrap.mjs'

const stamp = beginBuildStamp()

for (const folder of [...workspaces, 'examples/node'])
  rmSync(join(root, folder, 'dist'), { recursive: true, force: true })
const status = run(join(root, 'node_modules/.bin/tsc'), ['-b', 'tsconfig.build.json'])
if (status !== 0) process.exit(status)
chmodSync(join(root, 'services/dist/cli/main.js'), 0o755)
for (const config of [
  'examples/demo/vite.config.ts',
  'examples/siwx/vite.config.ts',
  'examples/embedded/vite.config.ts',
  'examples/multichain/vite.config.ts',
  'examples/actions/vite.config.ts',
  'services/frame/app/vite.config.ts',
]) {
  const built = run(join(root, 'node_modules/.bin/vite'), ['build', '--config', config])
  if (built !== 0) process.exit(built)
}
writeBuildStamp(stamp)
