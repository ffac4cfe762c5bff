import { parseArgs } from 'node:util'
import { z } from 'zod'
import {
  type ChainChoice,
  chainChoices,
  localStack,
  type StackUrls,
  type Template,
  templates,
} from './choices.js'

export const usage = `Usage: create-pairwise <dir> [options]

  --template vite|next        the app: Vite + React, or Next.js App Router (server-rendered)
  --chains evm|evm+solana     the namespaces to connect
  --email, --no-email         email login into the embedded wallet
  --local                     wire the app to the stack \`npx pairwise start\` runs (the default)
  --rpc URL  --chain-id N     the EVM chain, both or neither (default ${localStack.rpcUrl}, ${localStack.chainId})
  --relay URL                 the WalletConnect relay (default ${localStack.relayUrl})
  --api URL                   the api service (default ${localStack.apiUrl})
  --auth URL                  the auth service, for email login (default ${localStack.authUrl})
  --solana-rpc URL            the Solana cluster (default ${localStack.solanaRpcUrl})
  --solana-genesis HASH       its genesis hash (default the local chain's)
  -h, --help                  this text

A choice left out is asked when the terminal is interactive, else it takes its default:
vite, evm, no email, the local stack.`

/** A command line the CLI cannot act on: it prints the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** What the command line says; a choice it leaves out is undefined, to be asked or defaulted. */
export type CliArgs = {
  help: boolean
  directory: string | undefined
  template: Template | undefined
  chains: ChainChoice | undefined
  email: boolean | undefined
  urls: StackUrls
}

// The folder is pasted into the `cd` the CLI prints at the end: single-quoted for a POSIX shell, where all but
// `'` is literal (and shellQuoted escapes that), double-quoted on Windows, where PowerShell still reads `$` and
// backticks, cmd.exe reads `%` and `!`, `"` would end the quotes and PowerShell's cd reads `[ ]` as wildcards.
// So a name is held to what all of those leave literal: letters, marks and numbers of any script, spaces,
// symbols such as emoji (with their skin tones and joiners), and the punctuation below.
const folderCharacters = /^(?:[\p{L}\p{M}\p{N}\p{So}\p{Emoji_Modifier} ._+@'~(){}&,;=#/\\:-]|\u200d)+$/u
// PowerShell's cd reads a first part of `~` as the home folder, quoted or not; typed at the question, no shell
// expands it, so the app would go in a folder named `~`.
const homeFirst = /^~(?:[/\\]|$)/

/** Why the folder, as given or answered, would not read the same in the printed cd step; undefined: it would. */
export function folderProblem(folder: string): string | undefined {
  if (!folderCharacters.test(folder))
    return 'the folder may hold only letters, numbers, spaces, emoji and . _ - + @ \' ~ ( ) { } & , ; = # / \\ : (a shell would read others, such as $ % ! ` " [ ], in the cd command printed at the end)'
  if (homeFirst.test(folder))
    return 'the folder must not start with ~ on its own (as ~, ~/app or ~\\app): PowerShell reads that as your home folder, while here it would make a folder named ~'
  return undefined
}

// Every value below ends up inside a string literal of the generated code, so each is held to characters
// that cannot end or escape one.
const literalSafe = /^[^\s'"`\\<>]+$/
const urlOf = (scheme: 'http' | 'ws', what: string) =>
  z
    .string()
    .regex(literalSafe, `${what} must not contain spaces, quotes or backslashes`)
    .pipe(
      z.url({
        protocol: new RegExp(`^${scheme}s?$`),
        error: `${what} must be a ${scheme}:// or ${scheme}s:// URL`,
      }),
    )
    // The browser's fetch and WebSocket refuse a URL with credentials, and the app's bundle would publish them.
    .refine(
      (url) => {
        const parsed = parseUrl(url)
        return !parsed || (parsed.username === '' && parsed.password === '')
      },
      {
        error: `${what} must not carry a user name or password`,
      },
    )
    // Plain http:// or ws:// to another machine sends the app's traffic readable and alterable on the way.
    .refine(
      (url) => {
        const parsed = parseUrl(url)
        return parsed?.protocol !== `${scheme}:` || isLoopback(parsed.hostname)
      },
      {
        error: `${what} must be ${scheme}s:// for a host other than this machine`,
      },
    )

// Undefined for what z.url has already refused: its refusal is the one to report.
function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/** This machine's own names: the only hosts an app may reach unencrypted. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  )
}

const urlFlagsSchema = z.object({
  rpc: urlOf('http', '--rpc').optional(),
  // Digits only: Number() would also take '1e3', '0x10' or ' 7', none of which anyone means as a chain id.
  'chain-id': z
    .string()
    .regex(/^\d+$/, '--chain-id must be a number')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, '--chain-id must be positive')
        .max(Number.MAX_SAFE_INTEGER, '--chain-id is too large'),
    )
    .optional(),
  relay: urlOf('ws', '--relay').optional(),
  api: urlOf('http', '--api').optional(),
  auth: urlOf('http', '--auth').optional(),
  'solana-rpc': urlOf('http', '--solana-rpc').optional(),
  'solana-genesis': z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, '--solana-genesis must be a base58 hash')
    .optional(),
})
const urlFlags = urlFlagsSchema.keyof().options

const flagsSchema = urlFlagsSchema.extend({
  help: z.boolean().default(false),
  template: z.enum(templates, { error: '--template must be vite or next' }).optional(),
  chains: z.enum(chainChoices, { error: '--chains must be evm or evm+solana' }).optional(),
  email: z.boolean().optional(),
  'no-email': z.boolean().optional(),
  local: z.boolean().optional(),
})

/** Reads the command line; throws UsageError naming what is wrong. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parseRaw>
  try {
    parsed = parseRaw(argv)
  } catch (error) {
    // parseArgs says which flag it did not know or lacked a value for.
    throw new UsageError((error as Error).message)
  }
  const { values, positionals, tokens } = parsed
  // parseArgs keeps the last of a repeated flag; `--template vite --template next` is a slip, not a choice.
  const names = tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []))
  const repeated = names.find((name, index) => names.indexOf(name) !== index)
  if (repeated) throw new UsageError(`--${repeated} is given more than once`)
  if (positionals.length > 1) throw new UsageError(`one directory expected, got ${positionals.join(' ')}`)
  const result = flagsSchema.safeParse(values)
  if (!result.success) throw new UsageError(result.error.issues.map((issue) => issue.message).join('; '))
  const flags = result.data
  if (flags.email && flags['no-email']) throw new UsageError('--email and --no-email contradict each other')
  const given = urlFlags.filter((flag) => flags[flag] !== undefined)
  if (flags.local && given.length > 0)
    throw new UsageError(`--local takes the local stack's URLs; leave it out to pass --${given.join(', --')}`)
  // Either alone pairs it with the other's default: a network called Anvil (31337) reading another chain's
  // RPC, or chain 10 reading Anvil's, so the app would show one chain's balances under the other's id.
  if ((flags.rpc === undefined) !== (flags['chain-id'] === undefined))
    throw new UsageError('--rpc and --chain-id go together: give the chain id the RPC serves')
  // An empty name is left for choose() to refuse as no folder named at all.
  const problem = positionals[0] ? folderProblem(positionals[0]) : undefined
  if (problem) throw new UsageError(problem)
  const urls: StackUrls = {
    rpcUrl: flags.rpc ?? localStack.rpcUrl,
    chainId: flags['chain-id'] ?? localStack.chainId,
    relayUrl: flags.relay ?? localStack.relayUrl,
    apiUrl: flags.api ?? localStack.apiUrl,
    authUrl: flags.auth ?? localStack.authUrl,
    solanaRpcUrl: flags['solana-rpc'] ?? localStack.solanaRpcUrl,
    solanaGenesisHash: flags['solana-genesis'] ?? localStack.solanaGenesisHash,
  }
  return {
    help: flags.help,
    directory: positionals[0],
    template: flags.template,
    chains: flags.chains,
    email: flags.email ? true : flags['no-email'] ? false : undefined,
    urls,
  }
}

function parseRaw(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    tokens: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      template: { type: 'string' },
      chains: { type: 'string' },
      email: { type: 'boolean' },
      'no-email': { type: 'boolean' },
      local: { type: 'boolean' },
      ...Object.fromEntries(urlFlags.map((flag) => [flag, { type: 'string' as const }])),
    },
  })
}
