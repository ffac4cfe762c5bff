import { basename, resolve } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { type CliArgs, parseCliArgs, UsageError, usage } from './args.js'
import type { ScaffoldOptions } from './choices.js'
import { commandsOf, type PackageManager, packageManagerOf } from './packageManager.js'
import { type Asker, PromptInterrupted, terminalAsker } from './prompts.js'
import { checkTarget, placeholdersOf, scaffold, TargetNotEmptyError } from './scaffold.js'

export type CliIo = {
  /** npm_config_user_agent names the package manager whose `create` ran the CLI. */
  env: Readonly<Record<string, string | undefined>>
  /** The shell the next steps are pasted into: Windows' cmd.exe reads no single quotes. */
  platform: NodeJS.Platform
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
}

/**
 * `create-pairwise <dir> [options]`; resolves to the exit code: 0 made, 1 refused, 2 bad command line, 130
 * interrupted at a question (the shell's code for Ctrl-C).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: CliArgs
  try {
    args = parseCliArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`create-pairwise: ${error.message}\n\n${usage}\n`)
    return 2
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
    if (!options) {
      io.stderr.write(`create-pairwise: name the folder to create the app in\n\n${usage}\n`)
      return 2
    }
    await scaffold(options)
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

/**
 * Fills in what the command line left out: asked on a terminal, else the defaults. Undefined: no folder.
 * A folder that is not empty is refused before the other questions, not after they are all answered.
 */
async function choose(
  args: CliArgs,
  asker: Asker | undefined,
  packageManager: PackageManager,
): Promise<ScaffoldOptions | undefined> {
  const directory = args.directory ?? (await asker?.text('Project folder:', 'my-pairwise-app'))
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
 * shell; on Windows double-quoted, the one quoting cmd.exe and PowerShell share (no file name holds `"`).
 * A relative name starting with `-` or `+` is led by `./`, else `cd` reads it as its options (`cd -` goes
 * back) or, in zsh, as a place in its directory stack (`cd +1`).
 */
function shellQuoted(path: string, platform: NodeJS.Platform): string {
  const windows = platform === 'win32'
  const word = /^[-+]/.test(path) ? `.${windows ? '\\' : '/'}${path}` : path
  if (windows) return /^[\w.\\/:-]+$/.test(word) ? word : `"${word}"`
  return /^[\w./+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}
