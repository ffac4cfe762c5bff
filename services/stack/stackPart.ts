import type { RunningApi } from '../api/index.js'
import type { AuthLimits } from '../auth/index.js'
import type { LocalBitcoin } from '../bitcoin/index.js'
import type { DexContracts, Fixtures, LocalChain, NameContracts } from '../chain/index.js'
import type { RunningDemo } from '../demo/index.js'
import type { TrustedProxies } from '../kit/trustProxy.js'
import type { RunningMail, SmtpMailer } from '../mail/index.js'
import type { RunningRelay } from '../relay/index.js'
import type { LocalSolana } from '../solana/index.js'
import type { StackFile } from './stackFile.js'

/**
 * One port a part listens on: its env override, the architecture table's default, how many in a row, and
 * whether it is dev-only, kept on loopback whatever the stack's host (`listenHosts.ts`).
 */
export type PortSpec = {
  readonly env: string
  readonly default: number
  readonly width: number
  readonly loopbackOnly?: true
}

/** Everything the parts start, by the name later parts (and tests, through `RunningStack`) use. */
export type StackServices = {
  chain: LocalChain
  fixtures: Fixtures
  /** The local Uniswap V2 (WETH9, factory, Router02) and test DAI, with its seeded pools. */
  dex: DexContracts
  /** The local Solana chain (localnet) and the local stand-in for devnet (devnet's genesis hash). */
  solana: LocalSolana
  solanaDevnet: LocalSolana
  /** The local Bitcoin regtest chain (Esplora's API), kept in the data dir. */
  bitcoin: LocalBitcoin
  /** The local ERC-4337 bundler (alto) on the local chain's EntryPoint; undefined where alto is not installed. */
  bundlerUrl: string | undefined
  relay: RunningRelay
  api: RunningApi
  /** The ENS registry, offchain resolver and universal resolver the names service answers for. */
  names: NameContracts
  /** The local SMTP server and inbox (tests read the mailed codes from `mail.inbox`). */
  mail: RunningMail
  mailer: SmtpMailer
  /** The local Farcaster auth relay the auth service opens its Farcaster logins' channels on. */
  farcasterRelayUrl: string
  /** The auth service's URL (it serves the secure frame at /frame), on its own port: another origin than the pages. */
  authUrl: string
  demo: RunningDemo
}

export type StackService = keyof StackServices

/** Settings of one `startStack` call beyond the configuration. */
export type StackOptions = {
  /** Limits of the auth service other than its defaults (services/auth/limits.ts): tests shorten waits. */
  authLimits?: Partial<AuthLimits>
}

/** The stack's configuration as one part sees it: its own ports by name, and the address each listens on. */
export type PartConfig<PortName extends string> = {
  hosts: Record<PortName, string>
  dataDir: string
  trustProxy: TrustedProxies
  ports: Record<PortName, number>
}

/** What a part may use when it starts: the configuration and what the parts it needs gave. */
export type PartContext<Needs extends StackService, PortName extends string = string> = Pick<
  StackServices,
  Needs
> & {
  config: PartConfig<PortName>
  options: StackOptions
  /** Registers how to stop something just started; the stack stops everything in reverse order. */
  onStop(stop: () => Promise<void> | void): void
}

/** A printed line of `npm start`'s banner. */
export type StackUrl = { part: string; url: string; detail?: string }

/** What a started part hands on. */
export type PartStarted<Gives extends StackService> = {
  gives: Pick<StackServices, Gives>
  urls: StackUrl[]
  /** URLs that answer 2xx once the part serves: the stack file is written only after all do. */
  ready: string[]
  /**
   * Settles with why the part is gone when a process it started (not waited for) ends before its `ready`
   * URLs answer: the stack then fails at once, naming the part and the reason, instead of waiting out the
   * start's timeout on a port nothing will ever listen on.
   */
  ended?: Promise<string>
  /** Its keys of `.pairwise/stack.json`; `contracts` merges across parts. */
  stackFile: Partial<StackFile>
}

/** The CLI command that runs a part alone: `services/cli/commands.ts` loads its module by this name. */
export type PartCommand = { name: string; summary: string }

/**
 * One part of the local stack: its ports, what it needs from the parts before it, how it starts and
 * what it gives, and its own CLI command. `startStack`, `pairwise start`'s flags, the port table and
 * the CLI all read the list of parts, so a new service is one part file and one line in that list.
 */
export type StackPart<
  Ports extends Record<string, PortSpec>,
  Needs extends StackService,
  Gives extends StackService,
  CommandName extends string = string,
> = {
  name: string
  ports: Ports
  needs: readonly Needs[]
  command?: PartCommand & { name: CommandName }
  start(context: PartContext<Needs, keyof Ports & string>): Promise<PartStarted<Gives>>
}

/** Any part, as the list holds it. */
export type AnyStackPart = {
  name: string
  ports: Readonly<Record<string, PortSpec>>
  needs: readonly StackService[]
  command?: PartCommand
  start(
    context: PartContext<StackService>,
  ): Promise<Omit<PartStarted<never>, 'gives'> & { gives: Partial<StackServices> }>
}

/** Keeps a part's precise types (its port keys above all) while checking it is a part. */
export const defineStackPart = <
  const Ports extends Record<string, PortSpec>,
  Needs extends StackService = never,
  Gives extends StackService = never,
  const CommandName extends string = never,
>(
  part: StackPart<Ports, Needs, Gives, CommandName>,
): StackPart<Ports, Needs, Gives, CommandName> => part
