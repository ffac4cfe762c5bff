import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { apiConfig, defaultApiDatabase, startApi } from '../api/index.js'
import { gatewaySignerKey } from '../api/names/index.js'
import { privateDir } from '../relay/privateFiles.js'
import { adminTokenOf, shownAdminToken } from './adminToken.js'
import { readChainsFile } from './chainsFile.js'
import { parsePublicUrl, trustProxyOption } from './flags.js'
import { readOnrampSandboxFile } from './onrampSandboxFile.js'
import { runUntilSignal } from './runUntilSignal.js'

export const apiUsage =
  "pairwise api [--host H] [--port N] [--database URL|FILE] [--admin-token-file FILE] [--public-url URL] [--trust-proxy CIDR,…]… [--redis URL] [--role web|worker|all] [--chains FILE] [--names-key FILE] [--names-zone Z] [--onramp-sandbox FILE]\n  --admin-token-file FILE  the admin token (else PAIRWISE_API_ADMIN_TOKEN, else one made at start and printed); never on the command line, which every local user reads\n  --public-url URL  where clients reach the api through a proxy or domain: its host is answered beside the listen host, localhost and IP addresses, any other Host gets 421 (against DNS rebinding)\n  --trust-proxy CIDR,…  the proxies whose X-Forwarded-For names the client for per-client limits (else PAIRWISE_TRUST_PROXY; none by default)\n  --redis URL  the Redis every api process of one deployment shares rate limits and verify registrations through (else PAIRWISE_REDIS_URL; none by default: this process's own)\n  --role R  web: the routes only; worker: the background work (indexer, onramp deliveries) and /health only; all (default): both (else PAIRWISE_API_ROLE); on PostgreSQL one process at a time runs each piece of background work\n  --chains FILE  a JSON array of chains to serve: { chainId, rpcUrl, nativeCurrency: { name, symbol, decimals, usdPrice? }, tokens?: [{ address, usdPrice? }], bundlers?: { <name>: ERC-4337 bundler url } }\n  --names-key FILE  the CCIP-read gateway's signing key (made, mode 0600, when the file is absent): names resolve on chain\n  --names-zone Z  the parent of every name (default pairwise.eth)\n  --onramp-sandbox FILE  the onramp's sandbox provider: JSON { chainId, rpcUrl, testUsdc, deliveryKeyFile } (the key as 0x hex in its own file; deliveries run on one process at a time)"

export async function runApiCommand(args: string[], log: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      database: { type: 'string' },
      'admin-token': { type: 'string' },
      'admin-token-file': { type: 'string' },
      chains: { type: 'string' },
      'names-key': { type: 'string' },
      'names-zone': { type: 'string' },
      'onramp-sandbox': { type: 'string' },
      'public-url': { type: 'string' },
      redis: { type: 'string' },
      role: { type: 'string' },
      ...trustProxyOption,
    },
  })
  const {
    chains: chainsFile,
    'names-key': namesKey,
    'names-zone': zone,
    'onramp-sandbox': sandboxFile,
    'admin-token': tokenArgument,
    'admin-token-file': tokenFile,
    'public-url': publicUrlFlag,
    ...flags
  } = values
  const publicUrl = parsePublicUrl(publicUrlFlag)
  const admin = adminTokenOf({ 'admin-token': tokenArgument, 'admin-token-file': tokenFile }, process.env)
  const config = apiConfig(process.env, flags)
  // The default database lives in the data dir, which is the api's own: an earlier version left it open.
  if (config.database === defaultApiDatabase(process.env) && !process.env.DATABASE_URL)
    privateDir(dirname(config.database))
  const chains = chainsFile === undefined ? [] : readChainsFile(chainsFile)
  const names = {
    ...(namesKey === undefined ? {} : { signerKey: gatewaySignerKey(namesKey) }),
    ...(zone === undefined ? {} : { zone }),
  }
  const onramp = sandboxFile === undefined ? {} : { onramp: { sandbox: readOnrampSandboxFile(sandboxFile) } }
  const api = await startApi({ ...config, adminToken: admin.token, publicUrl, chains, names, ...onramp })
  const token = shownAdminToken(admin, api.adminToken)
  const url = publicUrl ?? api.url
  await runUntilSignal(api.close, log, [
    `api  ${url}  (${api.db.kind}, role ${api.role}; admin page ${url}/admin, token ${token})`,
  ])
}
