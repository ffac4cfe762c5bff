import { existsSync, statSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appPort, localStack, type ScaffoldOptions } from './choices.js'
import { appManifest } from './manifest.js'
import { commandsOf } from './packageManager.js'
import { TargetNotEmptyError, writeAllOrNothing } from './writeAllOrNothing.js'

// Compiled, this module runs from dist/; from source (tests), from the package folder itself.
const here = dirname(fileURLToPath(import.meta.url))
export const templatesDir = join(basename(here) === 'dist' ? dirname(here) : here, 'templates')

/**
 * The `{{name}}`s templates may use, all filled from the options. Every one stands inside a string literal
 * of the template's code (or in its text files), so the templates are valid code that Biome formats.
 */
export type Placeholders = {
  projectName: string
  projectId: string
  chainId: number
  chainName: string
  currencyName: string
  currencySymbol: string
  rpcUrl: string
  relayUrl: string
  apiUrl: string
  authUrl: string
  solanaRpcUrl: string
  solanaGenesisHash: string
  appPort: number
  projectCommand: string
  installCommand: string
  devCommand: string
}

/**
 * An npm package name from the folder's name: lower case, anything else npm refuses for a new package
 * (validate-npm-package-name, including its ~'!()* ) becomes '-', and the names npm reserves (node_modules,
 * favicon.ico, Node's own modules such as `http`) get an '-app' suffix.
 */
export function packageNameOf(directory: string): string {
  const name = basename(resolve(directory))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 214)
  if (!name) return 'pairwise-app'
  return reservedNames.has(name) ? `${name}-app` : name
}

const reservedNames = new Set(['node_modules', 'favicon.ico', ...builtinModules])

/** The api's project id for the app: its package name in the characters project ids allow. */
export const projectIdOf = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64)

export function placeholdersOf(options: ScaffoldOptions): Placeholders {
  const projectName = packageNameOf(options.directory)
  const projectId = projectIdOf(projectName)
  const { urls } = options
  const { install, dev } = commandsOf(options.packageManager)
  const origins = [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`].join(',')
  return {
    projectName,
    projectId,
    chainId: urls.chainId,
    ...(urls.chainId === localStack.chainId
      ? { chainName: 'Anvil', currencyName: 'Test Ether', currencySymbol: 'tETH' }
      : { chainName: `Chain ${urls.chainId}`, currencyName: 'Ether', currencySymbol: 'ETH' }),
    rpcUrl: urls.rpcUrl,
    relayUrl: urls.relayUrl,
    apiUrl: urls.apiUrl,
    authUrl: urls.authUrl,
    solanaRpcUrl: urls.solanaRpcUrl,
    solanaGenesisHash: urls.solanaGenesisHash,
    appPort,
    projectCommand: `npx pairwise project create ${projectId} --origins ${origins}${options.email ? ' --email on' : ''}`,
    installCommand: install,
    devCommand: dev,
  }
}

/**
 * The template folders the app is made of, later ones overriding earlier files: what both templates share,
 * the template itself, then the Solana networks and the email login when chosen.
 */
export function layersOf(options: Pick<ScaffoldOptions, 'template' | 'chains' | 'email'>): string[] {
  return [
    'shared/base',
    options.template,
    ...(options.chains === 'evm+solana' ? ['shared/solana'] : []),
    ...(options.email ? ['shared/email'] : []),
  ].map((layer) => join(templatesDir, layer))
}

/** Fills every `{{name}}`; one that is not a placeholder is a template bug and fails loudly. */
export function fill(text: string, values: Placeholders, file: string): string {
  return text.replace(
    /(')?\{\{(\w+)\}\}(')?/g,
    (_, open: string | undefined, name: string, close: string | undefined) => {
      if (!Object.hasOwn(values, name)) throw new Error(`${file}: unknown placeholder {{${name}}}`)
      const value = values[name as keyof Placeholders]
      // A number is written quoted in the template, so the template stays valid code, and bare in the app.
      const quoted = open !== undefined && close !== undefined
      return quoted && typeof value === 'number' ? String(value) : `${open ?? ''}${value}${close ?? ''}`
    },
  )
}

// npm drops files named .gitignore from published packages, so the template carries it without the dot.
const renamed: Record<string, string> = { gitignore: '.gitignore' }

/** Throws TargetNotEmptyError unless the folder is missing or empty; returns its absolute path. */
export async function checkTarget(directory: string): Promise<string> {
  const target = resolve(directory)
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new TargetNotEmptyError(`${target} exists and is not a folder`)
    if ((await readdir(target)).length > 0)
      throw new TargetNotEmptyError(`${target} is not empty; choose a new folder or empty it first`)
  }
  return target
}

/**
 * Makes the app in `options.directory`, all of it or, when a write fails or `signal` aborts, none of it;
 * returns the files written, relative to it, sorted.
 */
export async function scaffold(options: ScaffoldOptions, signal?: AbortSignal): Promise<string[]> {
  // Checked again here, though the CLI checks before its questions: the folder may have filled meanwhile.
  const target = await checkTarget(options.directory)
  const values = placeholdersOf(options)
  const sources = new Map<string, string>()
  for (const layer of layersOf(options))
    for (const file of await listFiles(layer)) {
      const path = relative(layer, file)
      const name = renamed[basename(path)]
      sources.set(name ? join(dirname(path), name) : path, file)
    }
  // Every file filled before the first is written, so a template's bug leaves no folder behind.
  const files = new Map<string, string>()
  for (const [path, source] of sources) files.set(path, fill(await readFile(source, 'utf8'), values, source))
  const manifest = appManifest(values.projectName, options.template, options.chains)
  files.set('package.json', `${JSON.stringify(manifest, null, 2)}\n`)
  await writeAllOrNothing(target, files, signal)
  return [...files.keys()].sort()
}

// By hand rather than readdir's `recursive`: its entries name their folder only from Node 20.12 on.
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name)
      return entry.isDirectory() ? listFiles(path) : Promise.resolve(entry.isFile() ? [path] : [])
    }),
  )
  return nested.flat()
}
