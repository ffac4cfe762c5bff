import { parseArgs } from 'node:util'
import { z } from 'zod'
import { localTestFid, startLocalFarcaster } from '../farcasterRelay/index.js'
import { parseOperatorNumber } from '../kit/operatorNumber.js'
import { consoleLogger } from '../relay/index.js'
import { privateDir } from '../relay/privateFiles.js'
import { stackConfig, trustProxyOf } from '../stack/config.js'
import { aloneListenHost } from '../stack/listenHosts.js'
import { assertPortsFree, parsePort, trustProxyOption } from './flags.js'
import { runUntilSignal } from './runUntilSignal.js'

export const farcasterUsage = [
  'pairwise farcaster [--host H] [--port N] [--chain-rpc URL] [--fid N] [--trust-proxy CIDR,…]…',
  '  --host       a PAIRWISE_HOST off loopback is not used: 127.0.0.1 unless given here, as whoever reaches the test client page signs in as its fid',
  '  --port       PAIRWISE_FARCASTER_PORT, 8791: the relay (/v1/channel…) and its test client page (/client)',
  '  --chain-rpc  the local chain whose Farcaster registry stand-ins the test fid is registered on; default http://127.0.0.1:$PAIRWISE_CHAIN_PORT (pairwise chain installs them)',
  `  --fid        the test client's fid; default ${localTestFid}. Its custody key is kept in $PAIRWISE_DATA_DIR`,
].join('\n')

const httpUrl = z.url({ protocol: /^https?$/ })

/** `--fid`: Farcaster ids are counted up from 1, far below the largest number read exactly. */
export function parseFid(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined
  const fid = parseOperatorNumber(value, '--fid', {
    what: 'a Farcaster id',
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
  })
  return BigInt(fid)
}

/** `pairwise farcaster`: the local Farcaster relay and its test client page, until a signal stops them. */
export async function runFarcasterCommand(args: string[], log: (line: string) => void): Promise<never> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'chain-rpc': { type: 'string' },
      fid: { type: 'string' },
      ...trustProxyOption,
    },
  })
  const config = stackConfig(process.env, {
    host: values.host,
    ports: { farcaster: parsePort(values.port, '--port') },
    trustProxy: trustProxyOf(values['trust-proxy'], process.env),
    parts: ['farcaster'],
  })
  const rpcUrl = httpUrl.safeParse(values['chain-rpc'] ?? `http://127.0.0.1:${config.ports.chain}`)
  if (!rpcUrl.success) throw new Error(`--chain-rpc must be an http(s) URL, got '${values['chain-rpc']}'`)
  const testFid = parseFid(values.fid)
  const host = aloneListenHost('farcaster', values.host, config.host)
  await assertPortsFree(
    { ...config, host },
    { farcaster: { flag: '--port', typed: values.port } },
    process.env,
  )
  // The test fid's custody key and the relay's channels live there: its owner's only.
  privateDir(config.dataDir)
  const farcaster = await startLocalFarcaster({
    host,
    port: config.ports.farcaster,
    dataDir: config.dataDir,
    rpcUrl: rpcUrl.data,
    trustProxy: config.trustProxy,
    logger: consoleLogger('info'),
    ...(testFid === undefined ? {} : { fid: testFid }),
  })
  return runUntilSignal(farcaster.close, log, [
    `farcaster  ${farcaster.relayUrl}  (the relay an auth service's --farcaster-relay names)`,
    `farcaster client  ${farcaster.clientPage}  (approves as fid ${farcaster.account.fid}, custody ${farcaster.account.custody.address})`,
  ])
}
