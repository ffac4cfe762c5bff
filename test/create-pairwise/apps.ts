import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { StackUrls, Template } from '../../create-pairwise/choices.js'
import { placeholdersOf, scaffold } from '../../create-pairwise/scaffold.js'
import type { RunningStack } from '../../services/index.js'
import { type Tarballs, tarballDependencies } from '../packaging/stacks.js'
import { freePort } from '../support/ports.js'
import { serveDirectory } from '../support/staticServer.js'

const run = promisify(execFile)

/** What the generated apps are made with here: every option on, so each template's overlays are built. */
export const appChoices = { chains: 'evm+solana', email: true } as const

/** The running stack's URLs, as a user passes them with --rpc, --relay, … to reach a stack on other ports. */
export function stackUrls(stack: RunningStack): StackUrls {
  return {
    rpcUrl: stack.chain.rpcUrl,
    chainId: stack.chain.chainId,
    relayUrl: stack.relay.url,
    apiUrl: stack.api.url,
    authUrl: stack.authUrl,
    solanaRpcUrl: stack.solana.rpcUrl,
    solanaGenesisHash: stack.solana.genesisHash,
  }
}

export type App = { folder: string; template: Template; projectId: string }

/** Scaffolds the template into `work`, wired to `stack`. */
export async function scaffoldApp(work: string, template: Template, stack: RunningStack): Promise<App> {
  const options = {
    directory: join(work, `pairwise-${template}-app`),
    template,
    ...appChoices,
    urls: stackUrls(stack),
  }
  await scaffold(options)
  return { folder: options.directory, template, projectId: placeholdersOf(options).projectId }
}

const seconds = (started: number) => (Date.now() - started) / 1000

/**
 * Installs the app as its package.json says, but with our packages from the tarballs instead of the
 * registry's `^0.1.0`. npm's cache is shared with the packaging tests and kept across runs.
 */
export async function installApp(app: App, tarballs: Tarballs, cache: string): Promise<number> {
  const file = join(app.folder, 'package.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { dependencies: Record<string, string> }
  const ours = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@pairwise/'))
  Object.assign(manifest.dependencies, tarballDependencies(tarballs, ours))
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
  const started = Date.now()
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--cache', cache],
    { cwd: app.folder, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`npm install failed for the ${app.template} app:\n${error.stderr ?? error.message}`)
  })
  return seconds(started)
}

const bin = (app: App, name: string) => join(app.folder, 'node_modules/.bin', name)
const quiet = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

/** `tsc --noEmit` with the app's own tsconfig, then its production build; returns the build's output. */
export async function typecheckAndBuild(app: App): Promise<{ seconds: number; output: string }> {
  const started = Date.now()
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
 * Makes the app's project in the stack's api through the admin routes, as `npx pairwise project create`
 * (the command the app's README gives) does: the app's origin allowed, email login on.
 */
export async function createProject(stack: RunningStack, app: App, origin: string): Promise<void> {
  const response = await fetch(`${stack.api.url}/v1/admin/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.api.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      id: app.projectId,
      name: app.projectId,
      allowedOrigins: [origin],
      features: { email: appChoices.email },
    }),
  })
  if (response.status !== 201)
    throw new Error(`project not made: ${response.status} ${await response.text()}`)
}
