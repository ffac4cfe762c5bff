import { basename, resolve } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { type CliArgs, parseCliArgs, UsageError, usage } from './args.js'
import type { ScaffoldOptions } from './choices.js'
import { type Asker, terminalAsker } from './prompts.js'
import { placeholdersOf, scaffold, TargetNotEmptyError } from './scaffold.js'

export type CliIo = {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
}

/** `create-pairwise <dir> [options]`; resolves to the exit code: 0 made, 1 refused, 2 bad command line. */
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
  let options: ScaffoldOptions
  try {
    const chosen = await choose(args, asker)
    if (!chosen) {
      io.stderr.write(`create-pairwise: name the folder to create the app in\n\n${usage}\n`)
      return 2
    }
    options = chosen
  } finally {
    asker?.close()
  }
  try {
    await scaffold(options)
  } catch (error) {
    if (!(error instanceof TargetNotEmptyError)) throw error
    io.stderr.write(`create-pairwise: ${error.message}\n`)
    return 1
  }
  io.stdout.write(nextSteps(options))
  return 0
}

/** Fills in what the command line left out: asked on a terminal, else the defaults. Undefined: no folder. */
async function choose(args: CliArgs, asker: Asker | undefined): Promise<ScaffoldOptions | undefined> {
  const directory = args.directory ?? (await asker?.text('Project folder:', 'my-pairwise-app'))
  if (!directory) return undefined
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
  }
}

function nextSteps(options: ScaffoldOptions): string {
  const { projectName, projectCommand, appPort } = placeholdersOf(options)
  const folder = basename(resolve(options.directory))
  // npm refuses a package name such as `My App`; say which name the package.json got instead.
  const renamed =
    projectName === folder ? '' : ` Its package name is ${projectName} (npm would refuse ${folder}).`
  return `
Created ${options.template} app in ${options.directory}.${renamed} Next:

  cd ${shellQuoted(options.directory)}
  npm install
  npx pairwise start        # the local stack, in another terminal (skip with your own URLs)
  ${projectCommand}
  npm run dev               # http://localhost:${appPort}
`
}

/** The folder as a shell word the user can paste: a name with spaces or quotes, single-quoted. */
function shellQuoted(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`
}
