import { stackPartList } from '../stack/parts/index.js'

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

type PartCommandName = NonNullable<(typeof stackPartList)[number]['command']>['name']

/** Each part's own command (its part names and summarises it), loaded only when it runs or help lists it. */
const partCommandModules: Record<PartCommandName, () => Promise<LoadedCommand>> = {
  relay: async () => {
    const { relayUsage, runRelayCli } = await import('../relay/cli.js')
    return {
      usage: relayUsage,
      run: async (args) => {
        await runRelayCli(args)
      },
    }
  },
  api: async () => {
    const { apiUsage, runApiCommand } = await import('./apiCommand.js')
    return { usage: apiUsage, run: (args) => runApiCommand(args, log) }
  },
  auth: async () => {
    const { authUsage, runAuthCommand } = await import('./authCommand.js')
    return { usage: authUsage, run: (args) => runAuthCommand(args, log) }
  },
  mail: async () => {
    const { mailUsage, runMailCommand } = await import('./mailCommand.js')
    return { usage: mailUsage, run: (args) => runMailCommand(args, log) }
  },
  solana: async () => {
    const { solanaUsage, runSolanaCommand } = await import('./solanaCommand.js')
    return { usage: solanaUsage, run: (args) => runSolanaCommand(args, log) }
  },
  bitcoin: async () => {
    const { bitcoinUsage, runBitcoinCommand } = await import('./bitcoinCommand.js')
    return { usage: bitcoinUsage, run: (args) => runBitcoinCommand(args, log) }
  },
  farcaster: async () => {
    const { farcasterUsage, runFarcasterCommand } = await import('./farcasterCommand.js')
    return { usage: farcasterUsage, run: (args) => runFarcasterCommand(args, log) }
  },
  chain: async () => {
    const { chainUsage, runChainCommand } = await import('./chainCommand.js')
    return { usage: chainUsage, run: (args) => runChainCommand(args, log) }
  },
}

export const commands: Record<string, Command> = {
  ...Object.fromEntries(
    stackPartList.flatMap(({ command }) =>
      command ? [[command.name, { summary: command.summary, load: partCommandModules[command.name] }]] : [],
    ),
  ),
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
  project: {
    summary: "list, show, create or change the api's projects (origins, features) in its database",
    load: async () => {
      const { projectUsage, runProjectCommand } = await import('./projectCommand.js')
      return { usage: projectUsage, run: (args) => runProjectCommand(args, { env: process.env, print: log }) }
    },
  },
}
