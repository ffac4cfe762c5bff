import { basename, resolve } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { type CliArgs, folderProblem, parseCliArgs, UsageError, usage } from './args.js'
import type { ScaffoldOptions } from './choices.js'
import { commandsOf, type PackageManager, packageManagerOf } from './packageManager.js'
import { type Asker, PromptInterrupted, terminalAsker } from './prompts.js'
import { checkTarget, placeholdersOf, scaffold } from './scaffold.js'
import { TargetNotEmptyError } from './writeAllOrNothing.js'

export type CliIo = {
  /** npm_config_user_agent names the package manager whose `create` ran the CLI. */
  env: Readonly<Record<string, string | undefined>>
  /** The shell the next steps are pasted into: Windows' cmd.exe reads no single quotes. */
  platform: NodeJS.Platform
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
  /** Ctrl-C, as SIGINT: heard while the app is written, so that it stops with no half-made app left. */
  on(event: 'SIGINT', listener: () => void): unknown
  off(event: 'SIGINT', listener: () => void): unknown
}

/**
 * `create-pairwise <dir> [options]`; resolves to the exit code: 0 made, 1 refused, 2 bad command line or
 * folder, 130 interrupted at a question or while writing (the shell's code for Ctrl-C).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: CliArgs
  try {
    args = parseCliArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    return usageError(io, error.message)
  }
  if (args.help) {
    io.stdout.write(`${usage}\n`)
    return 0
  }
  // Prompts only on a terminal; piped or in CI, every missing choice takes its default.
  const asker = io.stdin.isTTY ? terminalAsker(io.stdin, io.stdout) : undefined
  const packageManager = packageManagerOf(io.env.npm_config_user_agent)
  try {
    const options = await choose(args, asker, packageManager).finally(() => asker?.close())
    if (!options) return usageError(io, 'name the folder to create the app in')
    if (!(await scaffoldUnlessInterrupted(options, io))) {
      io.stderr.write('\ncreate-pairwise: interrupted; the files it had written are taken away\n')
      return 130
    }
    io.stdout.write(nextSteps(options, io.platform))
    return 0
  } catch (error) {
    if (error instanceof PromptInterrupted) {
      // The shell's prompt then starts on a line of its own, not after the question.
      io.stdout.write('\n')
      return 130
    }
    if (!(error instanceof TargetNotEmptyError)) throw error
    io.stderr.write(`create-pairwise: ${error.message}\n`)
    return 1
  }
}

function usageError(io: CliIo, message: string): 2 {
  io.stderr.write(`create-pairwise: ${message}\n\n${usage}\n`)
  return 2
}

/**
 * False when Ctrl-C stopped the write. It is listened for only then: at a question readline hears it, and
 * elsewhere Node's own exit leaves nothing behind. Every SIGINT is heard until the written files are taken
 * away, so a second Ctrl-C cannot stop that halfway.
 */
async function scaffoldUnlessInterrupted(options: ScaffoldOptions, io: CliIo): Promise<boolean> {
  const interrupt = new AbortController()
  const onInterrupt = () => interrupt.abort()
  io.on('SIGINT', onInterrupt)
  try {
    await scaffold(options, interrupt.signal)
    return true
  } catch (error) {
    if (interrupt.signal.aborted) return false
    throw error
  } finally {
    io.off('SIGINT', onInterrupt)
  }
}

/**
 * Fills in what the command line left out: asked on a terminal, else the defaults. Undefined: no folder.
 * A folder that is not empty is refused before the other questions, not after they are all answered.
 */
async function choose(
  args: CliArgs,
  asker: Asker | undefined,
  packageManager: PackageManager,
): Promise<ScaffoldOptions | undefined> {
  const directory = args.directory ?? (await asker?.text('Project folder:', 'my-pairwise-app', folderProblem))
  if (!directory) return undefined
  await checkTarget(directory)
  return {
    directory,
    template:
      args.template ??
      (await asker?.choose('Framework:', [
        { value: 'vite', label: 'Vite + React' },
        { value: 'next', label: 'Next.js (App Router, server-rendered)' },
      ])) ??
      'vite',
    chains:
      args.chains ??
      (await asker?.choose('Chains:', [
        { value: 'evm', label: 'EVM only' },
        { value: 'evm+solana', label: 'EVM + Solana' },
      ])) ??
      'evm',
    email:
      args.email ??
      ((await asker?.choose('Email login (embedded wallet):', [
        { value: 'off', label: 'Off' },
        { value: 'on', label: 'On' },
      ])) ?? 'off') === 'on',
    urls: args.urls,
    packageManager,
  }
}

function nextSteps(options: ScaffoldOptions, platform: NodeJS.Platform): string {
  const { projectName, projectCommand, appPort } = placeholdersOf(options)
  const { install, dev } = commandsOf(options.packageManager)
  const target = resolve(options.directory)
  const folder = basename(target)
  // npm refuses a package name such as `My App`; say which name the package.json got instead.
  const renamed =
    projectName === folder ? '' : ` Its package name is ${projectName} (npm would refuse ${folder}).`
  const here = target === resolve()
  return `
Created ${options.template} app in ${here ? 'the current folder' : options.directory}.${renamed} Next:

${here ? '' : `  cd ${shellQuoted(options.directory, platform)}\n`}  ${install}
  npx pairwise start        # the local stack, in another terminal (skip with your own URLs)
  ${projectCommand}
  ${dev.padEnd(26)}# http://localhost:${appPort}
`
}

/**
 * The folder as a shell word the user can paste: a name with spaces or quotes, single-quoted for a POSIX
 * shell; on Windows double-quoted, the one quoting cmd.exe and PowerShell share, literal in both for the
 * characters folderProblem lets through.
 * A relative name starting with `-` or `+` is led by `./`, else `cd` reads it as its options (`cd -` goes
 * back) or, in zsh, as a place in its directory stack (`cd +1`).
 */
function shellQuoted(path: string, platform: NodeJS.Platform): string {
  const windows = platform === 'win32'
  const word = /^[-+]/.test(path) ? `.${windows ? '\\' : '/'}${path}` : path
  if (windows) return /^[\w.\\/:-]+$/.test(word) ? word : `"${word}"`
  return /^[\w./+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}
