import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { apiConfig, defaultApiDatabase, startApi } from '../api/index.js'
import { gatewaySignerKey } from '../api/names/index.js'
import { deployFixtures, startChain } from '../chain/index.js'
import { privateDir, relayUsage, runRelayCli } from '../relay/index.js'
import { stackConfig, startStack, trustProxyOf } from '../stack/index.js'
import { adminTokenOf } from './adminToken.js'
import { authUsage, runAuthCommand } from './authCommand.js'
import { readChainsFile } from './chainsFile.js'
import { parsePort, trustProxyOption } from './flags.js'
import { mailUsage, runMailCommand } from './mailCommand.js'
import { projectUsage, runProjectCommand } from './projectCommand.js'
import { runUntilSignal } from './runUntilSignal.js'
import { runSolanaCommand, solanaUsage } from './solanaCommand.js'

export type Command = {
  summary: string
  usage: string
  run(args: string[]): Promise<void>
}

const log = (line: string) => console.log(line)

export const commands: Record<string, Command> = {
  relay: {
    summary: 'start one WalletConnect v2 relay node (memory, SQLite or Redis-backed)',
    usage: relayUsage,
    async run(args) {
      await runRelayCli(args)
    },
  },
  start: {
    summary: 'start the whole local stack and print its URLs; Ctrl-C stops it',
    usage:
      'pairwise start [--host H] [--data-dir DIR] [--stack-file FILE] [--trust-proxy CIDR,…]… [--chain-port N] [--relay-port N] [--api-port N] [--frame-port N] [--smtp-port N] [--mail-port N] [--demo-port N] [--solana-port N] [--solana-devnet-port N]',
    async run(args) {
      const { values } = parseArgs({
        args,
        options: {
          host: { type: 'string' },
          'data-dir': { type: 'string' },
          'stack-file': { type: 'string' },
          'chain-port': { type: 'string' },
          'relay-port': { type: 'string' },
          'api-port': { type: 'string' },
          'frame-port': { type: 'string' },
          'smtp-port': { type: 'string' },
          'mail-port': { type: 'string' },
          'demo-port': { type: 'string' },
          'solana-port': { type: 'string' },
          'solana-devnet-port': { type: 'string' },
          ...trustProxyOption,
        },
      })
      const config = stackConfig(process.env, {
        host: values.host,
        dataDir: values['data-dir'],
        stackFile: values['stack-file'],
        trustProxy: trustProxyOf(values['trust-proxy'], process.env),
        ports: {
          chain: parsePort(values['chain-port'], '--chain-port'),
          relay: parsePort(values['relay-port'], '--relay-port'),
          api: parsePort(values['api-port'], '--api-port'),
          frame: parsePort(values['frame-port'], '--frame-port'),
          smtp: parsePort(values['smtp-port'], '--smtp-port'),
          mail: parsePort(values['mail-port'], '--mail-port'),
          demo: parsePort(values['demo-port'], '--demo-port'),
          solana: parsePort(values['solana-port'], '--solana-port'),
          solanaDevnet: parsePort(values['solana-devnet-port'], '--solana-devnet-port'),
        },
      })
      const stack = await startStack(config)
      const width = Math.max(...stack.urls.map((u) => u.part.length))
      await runUntilSignal(stack.stop, log, [
        'Pairwise local stack is up:',
        ...stack.urls.map(
          ({ part, url, detail }) => `  ${part.padEnd(width)}  ${url}${detail ? `  (${detail})` : ''}`,
        ),
        `Stack file: ${stack.stackFile}`,
        'Press Ctrl-C to stop.',
      ])
    },
  },
  api: {
    summary:
      'start only the api service (projects, balances, activity and NFTs, RPC proxy, analytics, wallet registry) on SQLite or PostgreSQL',
    usage:
      "pairwise api [--host H] [--port N] [--database URL|FILE] [--admin-token-file FILE] [--trust-proxy CIDR,…]… [--redis URL] [--role web|worker|all] [--chains FILE] [--names-key FILE] [--names-zone Z]\n  --admin-token-file FILE  the admin token (else PAIRWISE_API_ADMIN_TOKEN, else one made at start and printed); never on the command line, which every local user reads\n  --trust-proxy CIDR,…  the proxies whose X-Forwarded-For names the client for per-client limits (else PAIRWISE_TRUST_PROXY; none by default)\n  --redis URL  the Redis every api process of one deployment shares rate limits and verify registrations through (else PAIRWISE_REDIS_URL; none by default: this process's own)\n  --role R  web: the routes only; worker: the background work (indexer, onramp deliveries) and /health only; all (default): both (else PAIRWISE_API_ROLE); on PostgreSQL one process at a time runs each piece of background work\n  --chains FILE  a JSON array of chains to serve: { chainId, rpcUrl, nativeCurrency: { name, symbol, decimals, usdPrice? }, tokens?: [{ address, usdPrice? }] }\n  --names-key FILE  the CCIP-read gateway's signing key (made, mode 0600, when the file is absent): names resolve on chain\n  --names-zone Z  the parent of every name (default pairwise.eth)",
    async run(args) {
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
          redis: { type: 'string' },
          role: { type: 'string' },
          ...trustProxyOption,
        },
      })
      const {
        chains: chainsFile,
        'names-key': namesKey,
        'names-zone': zone,
        'admin-token': tokenArgument,
        'admin-token-file': tokenFile,
        ...flags
      } = values
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
      const api = await startApi({ ...config, adminToken: admin.token, chains, names })
      // A token the operator gave stays out of the logs; a made one is printed, as nobody knows it otherwise.
      const token = admin.from === undefined ? api.adminToken : `from ${admin.from}`
      await runUntilSignal(api.close, log, [
        `api  ${api.url}  (${api.db.kind}, role ${api.role}; admin page ${api.url}/admin, token ${token})`,
      ])
    },
  },
  auth: {
    summary:
      'start only the auth service (email codes, sessions, wallet shares) with the secure frame at /frame',
    usage: authUsage,
    async run(args) {
      await runAuthCommand(args, log)
    },
  },
  mail: {
    summary: 'start only the local mail stack: an SMTP server and its inbox over HTTP (Mailpit API)',
    usage: mailUsage,
    async run(args) {
      await runMailCommand(args, log)
    },
  },
  project: {
    summary: "list, show, create or change the api's projects (origins, features) in its database",
    usage: projectUsage,
    async run(args) {
      await runProjectCommand(args, { env: process.env, print: log })
    },
  },
  solana: {
    summary:
      'start only the local Solana chain (litesvm behind JSON-RPC and PubSub) with the test keys and Test USD',
    usage: solanaUsage,
    async run(args) {
      await runSolanaCommand(args, log)
    },
  },
  chain: {
    summary: 'start only the local chain (Anvil, chain 31337) with the fixture contracts',
    usage: 'pairwise chain [--host H] [--port N] [--chain-id N]',
    async run(args) {
      const { values } = parseArgs({
        args,
        options: { host: { type: 'string' }, port: { type: 'string' }, 'chain-id': { type: 'string' } },
      })
      const config = stackConfig(process.env, {
        host: values.host,
        ports: { chain: parsePort(values.port, '--port') },
      })
      const chainId = values['chain-id'] === undefined ? undefined : Number(values['chain-id'])
      if (chainId !== undefined && !(Number.isInteger(chainId) && chainId > 0 && chainId < 2 ** 31))
        throw new Error(`--chain-id must be a positive integer below 2147483648, got '${values['chain-id']}'`)
      const chain = await startChain({
        host: config.host,
        port: config.ports.chain,
        chainId,
        portEnv: 'PAIRWISE_CHAIN_PORT',
      })
      const fixtures = await deployFixtures(chain.rpcUrl, chain.chainId).catch(async (error: unknown) => {
        await chain.stop()
        throw error
      })
      await runUntilSignal(chain.stop, log, [
        `chain  ${chain.rpcUrl}  (chain ${chain.chainId}; tUSD at ${fixtures.testUsd})`,
      ])
    },
  },
}
