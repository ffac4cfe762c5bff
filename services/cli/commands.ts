/** What a command is once loaded: its usage text and how to run it. */
export type LoadedCommand = {
  usage: string
  run(args: string[]): Promise<void>
}

/**
 * Each command loads its own modules only when it runs (or when help lists its usage): the servers'
 * dependencies take seconds to load, and `pairwise mail` need not load the api's, nor `pairwise help` any.
 */
export type Command = {
  summary: string
  load(): Promise<LoadedCommand>
}

const log = (line: string) => console.log(line)

export const commands: Record<string, Command> = {
  relay: {
    summary: 'start one WalletConnect v2 relay node (memory, SQLite or Redis-backed)',
    load: async () => {
      const { relayUsage, runRelayCli } = await import('../relay/cli.js')
      return {
        usage: relayUsage,
        run: async (args) => {
          await runRelayCli(args)
        },
      }
    },
  },
  start: {
    summary: 'start the whole local stack and print its URLs; Ctrl-C stops it',
    load: async () => {
      const { startUsage, runStartCommand } = await import('./startCommand.js')
      return { usage: startUsage, run: (args) => runStartCommand(args, log) }
    },
  },
  cluster: {
    summary:
      'the production layout on loopback: several relay, api and auth nodes behind haproxy, sharing Postgres and Redis',
    load: async () => {
      const { clusterUsage, runClusterCommand } = await import('../cluster/clusterCommand.js')
      return { usage: clusterUsage, run: (args) => runClusterCommand(args, log) }
    },
  },
  api: {
    summary:
      'start only the api service (projects, balances, activity and NFTs, RPC proxy, analytics, wallet registry) on SQLite or PostgreSQL',
    load: async () => {
      const { apiUsage, runApiCommand } = await import('./apiCommand.js')
      return { usage: apiUsage, run: (args) => runApiCommand(args, log) }
    },
  },
  auth: {
    summary:
      'start only the auth service (email codes, sessions, wallet shares) with the secure frame at /frame',
    load: async () => {
      const { authUsage, runAuthCommand } = await import('./authCommand.js')
      return { usage: authUsage, run: (args) => runAuthCommand(args, log) }
    },
  },
  mail: {
    summary: 'start only the local mail stack: an SMTP server and its inbox over HTTP (Mailpit API)',
    load: async () => {
      const { mailUsage, runMailCommand } = await import('./mailCommand.js')
      return { usage: mailUsage, run: (args) => runMailCommand(args, log) }
    },
  },
  project: {
    summary: "list, show, create or change the api's projects (origins, features) in its database",
    load: async () => {
      const { projectUsage, runProjectCommand } = await import('./projectCommand.js')
      return { usage: projectUsage, run: (args) => runProjectCommand(args, { env: process.env, print: log }) }
    },
  },
  solana: {
    summary:
      'start only the local Solana chain (litesvm behind JSON-RPC and PubSub) with the test keys and Test USD',
    load: async () => {
      const { solanaUsage, runSolanaCommand } = await import('./solanaCommand.js')
      return { usage: solanaUsage, run: (args) => runSolanaCommand(args, log) }
    },
  },
  bitcoin: {
    summary:
      'start only the local Bitcoin regtest chain (Esplora HTTP API, faucet and mining), kept in the data dir',
    load: async () => {
      const { bitcoinUsage, runBitcoinCommand } = await import('./bitcoinCommand.js')
      return { usage: bitcoinUsage, run: (args) => runBitcoinCommand(args, log) }
    },
  },
  chain: {
    summary: 'start only the local chain (Anvil, chain 31337) with the fixture contracts',
    load: async () => {
      const { chainUsage, runChainCommand } = await import('./chainCommand.js')
      return { usage: chainUsage, run: (args) => runChainCommand(args, log) }
    },
  },
}
