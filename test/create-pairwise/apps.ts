import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { StackUrls, Template } from '../../create-pairwise/choices.js'
import { appManifest } from '../../create-pairwise/manifest.js'
import { placeholdersOf, scaffold } from '../../create-pairwise/scaffold.js'
import type { StackFile } from '../../services/index.js'
import { npmInstall } from '../packaging/npmInstall.js'
import { type Tarballs, tarballDependencies } from '../packaging/stacks.js'
import { freePort } from '../support/ports.js'
import { serveDirectory } from '../support/staticServer.js'
import { type LocalStack, pairwise } from './localStack.js'

const run = promisify(execFile)

/** What the generated apps are made with here: every option on, so each template's overlays are built; npm. */
export const appChoices = { chains: 'evm+solana', email: true, packageManager: 'npm' } as const

/** The stack file's URLs, as a user passes them with --rpc, --relay, … to reach a stack on other ports. */
export function stackUrls(file: StackFile): StackUrls {
  return {
    rpcUrl: file.chain.url,
    chainId: file.chain.chainId,
    relayUrl: file.relay.url,
    apiUrl: file.api.url,
    authUrl: file.auth.url,
    solanaRpcUrl: file.solana.url,
    solanaGenesisHash: file.solana.genesisHash,
  }
}

/** A generated app, and the `npx pairwise project create …` its README gives. */
export type App = { folder: string; template: Template; projectCommand: string }

/** Scaffolds the template into `work`, wired to the stack in `file`. */
export async function scaffoldApp(work: string, template: Template, file: StackFile): Promise<App> {
  const options = {
    directory: join(work, `pairwise-${template}-app`),
    template,
    ...appChoices,
    urls: stackUrls(file),
  }
  await scaffold(options)
  return { folder: options.directory, template, projectCommand: placeholdersOf(options).projectCommand }
}

const seconds = (started: number) => (Date.now() - started) / 1000

type Manifest = { dependencies: Record<string, string>; devDependencies: Record<string, string> }

/** Edits the app's package.json. */
function editManifest(app: App, edit: (manifest: Manifest) => void): void {
  const file = join(app.folder, 'package.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
  edit(manifest)
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
}

/** Installs the app with our packages from the tarballs instead of the registry's `^0.1.0`. */
export async function installApp(app: App, tarballs: Tarballs, cache: string): Promise<number> {
  editManifest(app, ({ dependencies }) => {
    const ours = Object.keys(dependencies).filter((name) => name.startsWith('@pairwise/'))
    Object.assign(dependencies, tarballDependencies(tarballs, ours))
  })
  return (await npmInstall(app.folder, cache, `the ${app.template} app`)).seconds
}

/** A React line the Next template is built on beside its own pin; Next.js 15's App Router needs React 19. */
export type NextLine = {
  name: string
  next: string
  react: string
  types: { '@types/react': string; '@types/react-dom': string }
}

const pinned = appManifest('app', 'next', 'evm').dependencies
/** The Next template's own pins, as create-pairwise writes them. */
export const nextPins = { next: pinned.next as string, react: pinned.react as string }

/**
 * The other React lines of the modal's peer range, the newest of each as `npm view react@19.1 version`
 * (and so on) listed them: React 19.1 on the template's Next.js, React 18.3 on Next.js 14.2.
 */
export const otherNextLines: NextLine[] = [
  {
    name: 'React 19.1',
    next: nextPins.next,
    react: '19.1.10',
    types: { '@types/react': '19.1.17', '@types/react-dom': '19.1.11' },
  },
  {
    name: 'React 18.3',
    next: '14.2.35',
    react: '18.3.1',
    types: { '@types/react': '18.3.32', '@types/react-dom': '18.3.7' },
  },
]

/**
 * Moves the installed Next app to `line` in place: npm swaps the few packages that differ. The previous
 * build goes first, as a fresh checkout has none (its route types would be type-checked with this line's).
 */
async function installNextLine(app: App, line: NextLine, cache: string): Promise<number> {
  editManifest(app, ({ dependencies, devDependencies }) => {
    Object.assign(dependencies, { next: line.next, react: line.react, 'react-dom': line.react })
    Object.assign(devDependencies, line.types)
  })
  for (const built of ['.next', 'next-env.d.ts', 'tsconfig.tsbuildinfo'])
    rmSync(join(app.folder, built), { recursive: true, force: true })
  return (await npmInstall(app.folder, cache, `the next app on ${line.name}`)).seconds
}

/** Work started ahead of the test that checks it: its value, or why it failed. */
export type Settled<T> = { value: T } | { error: unknown }

/** Settles `work` so its failure waits for the test that awaits it instead of going unhandled. */
export const settle = <T>(work: Promise<T>): Promise<Settled<T>> =>
  work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

/** The value of settled work, or its failure thrown in the test that awaits it. */
export async function unwrap<T>(settled: Promise<Settled<T>> | undefined): Promise<T> {
  const result = await settled
  if (result === undefined) throw new Error('no such work was started')
  if ('error' in result) throw result.error
  return result.value
}

/** The Next app installed and built on one of the other React lines. */
export type LineBuild = { app: App; installSeconds: number; build: Built }

/** Installs `line` in the app and builds it. */
export async function buildLine(app: App, line: NextLine, cache: string): Promise<LineBuild> {
  const installSeconds = await installNextLine(app, line, cache)
  return { app, installSeconds, build: await typecheckAndBuild(app) }
}

/**
 * A copy of the installed app beside it (its build left out), so another line installs and builds there at
 * the same time. `cp -a` keeps node_modules/.bin's links and takes a third of fs.cpSync's time here.
 */
export async function copyApp(app: App, suffix: string): Promise<App> {
  const folder = `${app.folder}-${suffix}`
  mkdirSync(folder)
  const entries = readdirSync(app.folder).filter((entry) => entry !== '.next')
  await run('cp', ['-a', ...entries.map((entry) => join(app.folder, entry)), folder])
  return { ...app, folder }
}

/** The version of `name` installed in the app. */
export const installedVersion = (app: App, name: string) =>
  (
    JSON.parse(readFileSync(join(app.folder, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version

const bin = (app: App, name: string) => join(app.folder, 'node_modules/.bin', name)
const quiet = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

/** A type check and production build: how long they took and what the build printed. */
export type Built = { seconds: number; output: string }

/**
 * The app's type check with its own tsconfig, then its production build. The Vite app runs
 * `tsc --noEmit` first; `next build` type-checks the app itself (a type error fails it), so the Next app
 * is not checked twice.
 */
export async function typecheckAndBuild(app: App): Promise<Built> {
  const started = Date.now()
  if (app.template === 'vite')
    await run(bin(app, 'tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: app.folder }).catch(
      (error: { stdout?: string; message: string }) => {
        throw new Error(`the ${app.template} app does not type-check:\n${error.stdout ?? error.message}`)
      },
    )
  const [command, args] =
    app.template === 'vite' ? ['vite', ['build', '--logLevel', 'error']] : ['next', ['build']]
  const { stdout, stderr } = await run(bin(app, command), args, {
    cwd: app.folder,
    env: quiet,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(
      `the ${app.template} app does not build:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
    )
  })
  return { seconds: seconds(started), output: `${stdout}${stderr}` }
}

export type Served = { url: string; close(): Promise<void> }

/** The Vite build from a static server; the Next app from `next start`, on a free loopback port. */
export async function serveApp(app: App): Promise<Served> {
  if (app.template === 'vite') return serveDirectory(join(app.folder, 'dist'))
  const port = await freePort()
  // Its own process group, so stopping it stops whatever next start forks.
  const child = spawn(bin(app, 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app.folder,
    env: quiet,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      stop(child)
      throw new Error(`next start did not answer at ${url}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      stop(child)
      await exited
    },
  }
}

function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
}

/**
 * Makes the app's project with the command its README gives (`npx pairwise project create <id> --origins …
 * --email on`), run where the stack runs, allowing the origin the app is served from instead of port 3000.
 */
export async function createProject(stack: LocalStack, app: App, origin: string): Promise<void> {
  const [npx, command, ...args] = app.projectCommand.split(' ')
  const origins = args.indexOf('--origins') + 1
  if (npx !== 'npx' || command !== 'pairwise' || origins === 0)
    throw new Error(`not a pairwise command with --origins: ${app.projectCommand}`)
  args[origins] = origin
  await pairwise(stack, args)
}
