import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineStackPart } from '../stackPart.js'

/** The local bundler's name on the api's bundler path (`bundler=alto`) and in the stack file. */
export const localBundlerName = 'alto'

/** How much of alto's log a failed start quotes: its last lines say why it stopped. */
const quotedLogLines = 20

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
      host: config.host,
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
      ended: bundler.exited.then(async (code) => {
        const log = await readFile(logFile, 'utf8').catch(() => '')
        const lastLines = log.trimEnd().split('\n').slice(-quotedLogLines).join('\n')
        return `alto exited with ${code}; the end of ${logFile}:\n${lastLines}`
      }),
      stackFile: { bundler: { url: bundler.url, name: localBundlerName } },
    }
  },
})
