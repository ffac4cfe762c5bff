// `npm run build`: compiles the layers into dist/ (ESM + .d.ts), marks the bin executable, and builds the
// example pages into examples/<page>/dist (static sites: the demo and the sign-in page).
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root, run } from './lib/bootstrap.mjs'

rmSync(join(root, 'dist'), { recursive: true, force: true })
const status = run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'])
if (status !== 0) process.exit(status)
chmodSync(join(root, 'dist/services/cli/main.js'), 0o755)
for (const page of ['demo', 'siwx']) {
  const built = run(join(root, 'node_modules/.bin/vite'), [
    'build',
    '--config',
    `examples/${page}/vite.config.ts`,
  ])
  if (built !== 0) process.exit(built)
}
mkdirSync(join(root, 'dist'), { recursive: true })
writeFileSync(join(root, 'dist/.build-stamp'), `${new Date().toISOString()}\n`)
