// `npm run build`: compiles the layers into dist/ (ESM + .d.ts), marks the bin executable, and builds the
// example pages into examples/<page>/dist (static sites: the demo, the sign-in and the embedded-wallet
// pages) and the secure frame page into services/frame/dist.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root, run } from './lib/bootstrap.mjs'

rmSync(join(root, 'dist'), { recursive: true, force: true })
const status = run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'])
if (status !== 0) process.exit(status)
chmodSync(join(root, 'dist/services/cli/main.js'), 0o755)
// The example pages, and the secure frame page the auth service serves.
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
mkdirSync(join(root, 'dist'), { recursive: true })
writeFileSync(join(root, 'dist/.build-stamp'), `${new Date().toISOString()}\n`)
