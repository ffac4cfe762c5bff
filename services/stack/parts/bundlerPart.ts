import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { defineStackPart } from '../stackPart.js'

/** The local bundler's name on the api's bundler path (`bundler=alto`) and in the stack file. */
export const localBundlerName = 'alto'

/** How much of alto's log a failed start quotes: its last lines say why it stopped. */
const quotedLogBytes = 4096

/** The last `bytes` of `file` (it may be large: alto appends to it as long as it runs), or '' when unreadable. */
async function endOf(file: string, bytes: number): Promise<string> {
  const handle = await open(file).catch(() => undefined)
  if (!handle) return ''
  try {
    const { size } = await handle.stat()
    const start = Math.max(0, size - bytes)
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(size - start), 0, size - start, start)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}

/** Why `npm start` shows no bundler outside this repository. */
export const altoMissing =
  '@pimlico/alto (GPL, a devDependency of the Pairwise repository) is not installed: the embedded wallet has no smart accounts'

const ports = { bundler: { env: 'PAIRWISE_BUNDLER_PORT', default: 4337, width: 1 } } as const

/**
 * alto, an ERC-4337 bundler, against the local chain's EntryPoint v0.8: the frame's smart accounts send
 * their UserOperations there, and so does the api's bundler path for the local chain. Dev only: alto is a
 * GPL devDependency run as a process of its own, so it has no CLI command in the published package; in
 * production the operator names any bundler per chain.
 */
export const bundlerPart = defineStackPart({
  name: 'bundler',
  ports,
  needs: ['chain', 'fixtures'],
  async start({ config, onStop, chain, fixtures }) {
    const { altoEntry, spawnBundler } = await import('../../chain/index.js')
    // An install of the published package has no alto (a devDependency here): the stack runs without smart accounts.
    if (!altoEntry())
      return {
        gives: { bundlerUrl: undefined },
        urls: [{ part: 'bundler', url: 'not started', detail: altoMissing }],
        ready: [],
        stackFile: {},
      }
    const logFile = join(config.dataDir, 'bundler.log')
    // Not waited for here: alto takes seconds to load, which the parts after this one spend starting, and
    // the stack waits for its /health with the other parts' URLs.
    const bundler = await spawnBundler({
      rpcUrl: chain.rpcUrl,
      entryPoint: fixtures.entryPoint,
      host: config.hosts.bundler,
      port: config.ports.bundler,
      portEnv: ports.bundler.env,
      logFile,
    })
    onStop(() => bundler.stop())
    return {
      gives: { bundlerUrl: bundler.url },
      urls: [
        {
          part: 'bundler',
          url: bundler.url,
          detail: `alto (ERC-4337), EntryPoint ${fixtures.entryPoint}; log ${logFile}`,
        },
      ],
      ready: [`${bundler.url}/health`],
      ended: bundler.exited.then(
        async (code) =>
          `alto exited with ${code}; the end of ${logFile}:\n${await endOf(logFile, quotedLogBytes)}`,
      ),
      stackFile: { bundler: { url: bundler.url, name: localBundlerName } },
    }
  },
})
