import { EventEmitter } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { chainChoices, localStack, templates } from '../../create-pairwise/choices.js'
import { type CliIo, runCli } from '../../create-pairwise/cli.js'

const work = mkdtempSync(join(tmpdir(), 'create-pairwise-test-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
let made = 0
const freshDir = (name = 'my-app') => join(work, String(made++), name)

type RunOptions = {
  answers?: string[]
  env?: CliIo['env']
  platform?: CliIo['platform']
  signals?: EventEmitter
}

/** The process's SIGINT, as the CLI hears it: from `signals`, where a test can send it. */
const listeningTo = (signals = new EventEmitter()): Pick<CliIo, 'on' | 'off'> => ({
  on: (event, listener) => signals.on(event, listener),
  off: (event, listener) => signals.off(event, listener),
})

/**
 * Runs the CLI as `create-pairwise …argv` would: on Linux unless told, stdin a terminal only when answers
 * are given, and no npm_config_user_agent unless `env` has one (vitest itself may run under npm's).
 */
async function run(argv: string[], { answers, env = {}, platform = 'linux', signals }: RunOptions = {}) {
  let stdout = ''
  let stderr = ''
  const stdin = Object.assign(new PassThrough(), { isTTY: answers !== undefined })
  const pending = [...(answers ?? [])]
  const io: CliIo = {
    ...listeningTo(signals),
    env,
    platform,
    stdin,
    stdout: new Writable({
      write(chunk, _encoding, done) {
        stdout += String(chunk)
        // A prompt ends with a space and waits for a line: answer it.
        if (String(chunk).endsWith(' ') && pending.length > 0) stdin.write(`${pending.shift()}\n`)
        done()
      },
    }),
    stderr: new Writable({
      write(chunk, _encoding, done) {
        stderr += String(chunk)
        done()
      },
    }),
  }
  const code = await runCli(argv, io)
  return { code, stdout, stderr }
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8')
const manifest = (dir: string) =>
  JSON.parse(read(dir, 'package.json')) as {
    name: string
    scripts: Record<string, string>
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }

/** Every file the app got, relative to it (placeholders all filled). */
function filesOf(dir: string): string[] {
  const files: string[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }))
      if (entry.isDirectory()) walk(join(folder, entry.name))
      else files.push(relative(dir, join(folder, entry.name)))
  }
  walk(dir)
  return files.sort()
}

const sharedFiles = [
  '.gitignore',
  'README.md',
  'package.json',
  'src/pairwise/email.ts',
  'src/pairwise/networks.ts',
  'src/pairwise/stack.ts',
]
const templateFiles = {
  vite: ['index.html', 'src/App.tsx', 'src/appkit.ts', 'src/main.tsx', 'tsconfig.json', 'vite.config.ts'],
  next: [
    'next.config.mjs',
    'src/app/layout.tsx',
    'src/app/page.tsx',
    'src/components/Account.tsx',
    'src/config/index.ts',
    'src/context/index.tsx',
    'tsconfig.json',
  ],
} as const

describe('create-pairwise: every template × chains × email', () => {
  for (const template of templates)
    for (const chains of chainChoices)
      for (const email of [false, true])
        it(`${template}, ${chains}, email ${email ? 'on' : 'off'}: the files, the dependencies and the local stack's URLs`, async () => {
          const dir = freshDir('My App')
          const result = await run([
            dir,
            '--template',
            template,
            '--chains',
            chains,
            email ? '--email' : '--no-email',
          ])
          expect(result).toMatchObject({ code: 0, stderr: '' })
          expect(result.stdout).toContain('npm run dev')

          expect(filesOf(dir)).toEqual([...sharedFiles, ...templateFiles[template]].sort())
          for (const file of filesOf(dir)) expect(read(dir, file), file).not.toMatch(/\{\{|\}\}/)

          const { name, dependencies, devDependencies, scripts } = manifest(dir)
          expect(name).toBe('my-app')
          expect(dependencies).toMatchObject({
            '@pairwise/modal': '^0.1.0',
            wagmi: '3.7.7',
            viem: '2.57.1',
            '@tanstack/react-query': '5.108.0',
          })
          expect(devDependencies.typescript).toBe('5.9.3')
          if (chains === 'evm+solana')
            expect(dependencies).toMatchObject({ '@pairwise/solana': '^0.1.0', '@solana/kit': '8.4.0' })
          else expect(Object.keys(dependencies).filter((d) => d.includes('solana'))).toEqual([])
          if (template === 'vite') {
            expect(dependencies).toMatchObject({ react: '19.3.1', 'react-dom': '19.3.1' })
            expect(devDependencies.vite).toBe('8.3.8')
            expect(scripts.build).toBe('tsc --noEmit && vite build')
          } else {
            expect(dependencies).toMatchObject({ next: '15.5.29', react: '19.2.9', 'react-dom': '19.2.9' })
            expect(dependencies.vite).toBeUndefined()
            expect(scripts.build).toBe('next build')
          }

          const stack = read(dir, 'src/pairwise/stack.ts')
          for (const url of [localStack.rpcUrl, localStack.relayUrl, localStack.apiUrl, localStack.authUrl])
            expect(stack).toContain(`'${url}'`)
          expect(stack).toContain(`export const chainId = ${localStack.chainId}\n`)
          expect(stack).toContain(`export const projectId = 'my-app'`)
          expect(stack).toContain(`'${localStack.solanaGenesisHash}'`)

          const networks = read(dir, 'src/pairwise/networks.ts')
          expect(networks.includes('new SolanaAdapter()')).toBe(chains === 'evm+solana')
          expect(networks).toContain("name: 'Anvil'")
          const emailFile = read(dir, 'src/pairwise/email.ts')
          expect(emailFile.includes('emailLogin({ authUrl })')).toBe(email)
          expect(emailFile).toContain(`email: ${email}`)
          expect(read(dir, 'README.md')).toContain(
            `npx pairwise project create my-app --origins http://localhost:3000,http://127.0.0.1:3000${email ? ' --email on' : ''}\n`,
          )
          if (template === 'next') {
            const config = read(dir, 'src/config/index.ts')
            expect(config).toContain('createStorage({ storage: cookieStorage })')
            expect(config).toContain('ssr: true')
            expect(read(dir, 'src/context/index.tsx')).toMatch(/^'use client'/)
            expect(read(dir, 'src/context/index.tsx')).toContain(
              'cookieToInitialState(wagmiAdapter.wagmiConfig, cookies)',
            )
            expect(read(dir, 'src/app/layout.tsx')).toContain("(await headers()).get('cookie')")
          } else expect(read(dir, 'src/App.tsx')).toContain('<appkit-button />')
        })
})

describe('create-pairwise: choices', () => {
  it('takes the defaults with no terminal: vite, EVM only, no email, the local stack', async () => {
    const dir = freshDir()
    expect((await run([dir])).code).toBe(0)
    expect(filesOf(dir)).toContain('vite.config.ts')
    expect(manifest(dir).dependencies['@pairwise/solana']).toBeUndefined()
    expect(read(dir, 'src/pairwise/email.ts')).not.toContain('emailLogin')
    expect(read(dir, 'src/pairwise/stack.ts')).toContain(`'${localStack.relayUrl}'`)
  })

  it('asks on a terminal for each choice the command line left out', async () => {
    const dir = freshDir()
    // folder, framework (2: next), chains (2: EVM + Solana), email (2: on)
    const result = await run([], { answers: [dir, '2', '2', '2'] })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('EVM + Solana')
    expect(filesOf(dir)).toContain('next.config.mjs')
    expect(manifest(dir).dependencies['@pairwise/solana']).toBe('^0.1.0')
    expect(read(dir, 'src/pairwise/email.ts')).toContain('emailLogin')
  })

  it('asks only what is missing, and asks again after an answer out of range', async () => {
    const dir = freshDir()
    const result = await run([dir, '--template', 'vite', '--no-email'], { answers: ['7', ''] })
    expect(result.code).toBe(0)
    expect(result.stdout).not.toContain('Framework:')
    expect(result.stdout).toContain('Please answer a number from 1 to 2.')
    expect(manifest(dir).dependencies['@pairwise/solana']).toBeUndefined()
  })

  const wiredUrls = [
    {
      what: 'the URLs it is given, keeping the local stack for the rest',
      urls: {
        rpc: 'https://rpc.example.com/v1',
        relay: 'wss://relay.example.com',
        api: 'https://api.example.com',
      },
      chainId: 10,
    },
    {
      what: 'plain http:// and ws:// URLs to this machine',
      urls: { rpc: 'http://[::1]:9545', relay: 'ws://localhost:9787', api: 'http://127.0.0.2:9788' },
      chainId: 1337,
    },
  ]
  for (const { what, urls, chainId } of wiredUrls)
    it(`wires ${what}`, async () => {
      const dir = freshDir()
      const { rpc, relay, api } = urls
      const result = await run([
        dir,
        '--rpc',
        rpc,
        '--chain-id',
        String(chainId),
        '--relay',
        relay,
        '--api',
        api,
      ])
      expect(result.code).toBe(0)
      const stack = read(dir, 'src/pairwise/stack.ts')
      expect(stack).toContain(`export const rpcUrl = '${rpc}'`)
      expect(stack).toContain(`export const chainId = ${chainId}\n`)
      expect(stack).toContain(`export const relayUrl = '${relay}'`)
      expect(stack).toContain(`export const apiUrl = '${api}'`)
      expect(stack).toContain(`export const authUrl = '${localStack.authUrl}'`)
      expect(read(dir, 'src/pairwise/networks.ts')).toContain(`name: 'Chain ${chainId}'`)
    })

  const packageNames: [string, string][] = [
    ['My App', 'my-app'],
    ['~app', 'app'],
    ['a~b', 'a-b'],
    ['node_modules', 'node_modules-app'],
    ['favicon.ico', 'favicon.ico-app'],
    ['http', 'http-app'],
  ]
  for (const [folder, name] of packageNames)
    it(`names the package ${name}, which npm accepts, for a folder named ${folder}, and says so`, async () => {
      const dir = freshDir(folder)
      const result = await run([dir])
      expect(result.code).toBe(0)
      expect(manifest(dir).name).toBe(name)
      expect(result.stdout).toContain(`Its package name is ${name} (npm would refuse ${folder}).`)
    })

  it('prints the cd step quoted for a folder the shell would split', async () => {
    const dir = freshDir("Bob's app")
    const result = await run([dir])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`cd '${dir.replace("'", "'\\''")}'\n`)
  })

  it('prints the cd step on Windows in double quotes, which cmd.exe and PowerShell both read', async () => {
    const dir = freshDir("Bob's app")
    const result = await run([dir], { platform: 'win32' })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`cd "${dir}"\n`)
  })

  it('makes the app in a folder named in letters of any script with @ + ~, and prints its cd step on Windows double-quoted', async () => {
    const dir = freshDir('Café 日本 @v2+x~1')
    const result = await run([dir], { platform: 'win32' })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`cd "${dir}"\n`)
  })

  for (const name of [
    'my-app (2)',
    'R&D',
    'OneDrive - Contoso (UK)',
    'a;b,c=d#e',
    '{app}',
    'Café ☕ 🚀 👩🏽‍💻',
  ])
    it(`makes the app in a folder named ${name}, literal inside every shell's quotes, and prints its cd step quoted for POSIX and Windows`, async () => {
      const dir = freshDir(name)
      const posix = await run([dir])
      expect(posix.code).toBe(0)
      expect(posix.stdout).toContain(`cd '${dir}'\n`)
      rmSync(dir, { recursive: true })
      const windows = await run([dir], { platform: 'win32' })
      expect(windows.code).toBe(0)
      expect(windows.stdout).toContain(`cd "${dir}"\n`)
    })

  it('prints the cd step on Windows bare for a path of backslashes, drive letter and name characters', async () => {
    // A Windows path as the folder's name: on Linux, where the test runs, one name with backslashes in it.
    const dir = freshDir('C:\\Users\\me\\app')
    const result = await run([dir], { platform: 'win32' })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`cd ${dir}\n`)
  })

  for (const [platform, name, cd] of [
    ['linux', '-app', 'cd ./-app'],
    ['win32', '-app', 'cd .\\-app'],
    ['linux', '+1', 'cd ./+1'],
  ] as const)
    it(`prints the cd step on ${platform} for a folder named ${name}, like a flag or a directory-stack place, as a path, not as what cd reads it as`, async () => {
      const parent = freshDir('parent')
      mkdirSync(parent, { recursive: true })
      const cwd = process.cwd()
      process.chdir(parent)
      try {
        const result = await run(['--', name], { platform })
        expect(result.code).toBe(0)
        expect(readdirSync(join(parent, name))).toContain('package.json')
        expect(result.stdout).toContain(`  ${cd}\n`)
      } finally {
        process.chdir(cwd)
      }
    })

  it('leaves out the cd step when the app is made in the current folder', async () => {
    const dir = freshDir()
    mkdirSync(dir, { recursive: true })
    const cwd = process.cwd()
    process.chdir(dir)
    try {
      const result = await run(['.'])
      expect(result.code).toBe(0)
      expect(readdirSync(dir)).toContain('package.json')
      expect(result.stdout).toContain('Created vite app in the current folder.')
      expect(result.stdout).not.toMatch(/^ *cd /m)
      expect(result.stdout).toMatch(/^ *npm install\n/m)
    } finally {
      process.chdir(cwd)
    }
  })

  it("keeps local env files, where a user puts the app's secrets, out of git", async () => {
    const dir = freshDir()
    expect((await run([dir])).code).toBe(0)
    expect(read(dir, '.gitignore').split('\n')).toContain('.env*.local')
  })

  const packageManagers = [
    {
      agent: 'npm/10.9.2 node/v20.19.0 linux x64 workspaces/false',
      install: 'npm install',
      dev: 'npm run dev',
    },
    { agent: 'pnpm/9.15.0 npm/? node/v20.19.0 linux x64', install: 'pnpm install', dev: 'pnpm dev' },
    { agent: 'yarn/4.6.0 npm/? node/v20.19.0 linux x64', install: 'yarn install', dev: 'yarn dev' },
    { agent: 'bun/1.2.2 npm/? node/v22.6.0 linux x64', install: 'bun install', dev: 'bun run dev' },
  ]
  for (const { agent, install, dev } of packageManagers)
    it(`tells a user of ${agent.split('/')[0]} to run ${install} and ${dev}, in its output and the app's README`, async () => {
      const dir = freshDir()
      const result = await run([dir], { env: { npm_config_user_agent: agent } })
      expect(result.code).toBe(0)
      for (const text of [result.stdout, read(dir, 'README.md')]) {
        expect(text).toMatch(new RegExp(`^ *${install}\\n`, 'm'))
        expect(text).toMatch(new RegExp(`^ *${dev} +#`, 'm'))
      }
      if (install !== 'npm install')
        expect(`${result.stdout}${read(dir, 'README.md')}`).not.toMatch(/\bnpm (install|run)/)
    })

  it('tells npm commands when no package manager says it ran the CLI', async () => {
    const result = await run([freshDir()])
    expect(result.stdout).toMatch(/^ *npm install\n/m)
    expect(result.stdout).toMatch(/^ *npm run dev +#/m)
  })

  it('fails with one line and exits when the terminal input ends mid-question (Ctrl-D)', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true })
    const io: CliIo = {
      ...listeningTo(),
      env: {},
      platform: 'linux',
      stdin,
      stdout: new Writable({
        write(_chunk, _encoding, done) {
          stdin.end()
          done()
        },
      }),
      stderr: new Writable({ write: (_chunk, _encoding, done) => done() }),
    }
    await expect(runCli([], io)).rejects.toThrow('the input ended before every question was answered')
  })
  it('exits 130 without a word of error when the user presses Ctrl-C at a question', async () => {
    let stderr = ''
    const stdin = Object.assign(new PassThrough(), { isTTY: true })
    // A terminal on both sides, as a user's: readline reads keys then, and Ctrl-C arrives as one.
    const stdout = Object.assign(
      new Writable({
        write(_chunk, _encoding, done) {
          stdin.write('\x03')
          done()
        },
      }),
      { isTTY: true },
    )
    const io: CliIo = {
      ...listeningTo(),
      env: {},
      platform: 'linux',
      stdin,
      stdout,
      stderr: new Writable({
        write(chunk, _encoding, done) {
          stderr += String(chunk)
          done()
        },
      }),
    }
    expect(await runCli([], io)).toBe(130)
    expect(stderr).toBe('')
  })
  for (const existed of [false, true])
    it(`exits 130 and leaves no half-made app when Ctrl-C comes while it writes, ${existed ? 'keeping the empty folder that was there' : 'taking away the folders it made'}`, async () => {
      const dir = freshDir()
      if (existed) mkdirSync(dir, { recursive: true })
      const signals = new EventEmitter()
      // Sent once the first file is written, found by looking on every turn of the event loop from when the
      // CLI starts listening for it: so there are written files to take away.
      let written: string | undefined
      const sendOnceWritten = () => {
        written = existsSync(dir) ? filesOf(dir)[0] : undefined
        if (written) signals.emit('SIGINT')
        else setImmediate(sendOnceWritten)
      }
      signals.on('newListener', (event) => {
        if (event === 'SIGINT') setImmediate(sendOnceWritten)
      })
      const result = await run([dir], { signals })
      expect(written).toBeDefined()
      expect(result.code).toBe(130)
      expect(result.stderr).toContain('interrupted; the files it had written are taken away')
      if (existed) expect(readdirSync(dir)).toEqual([])
      else expect(existsSync(dirname(dir))).toBe(false)
      expect(signals.listenerCount('SIGINT')).toBe(0)
    })
})

describe('create-pairwise: refusals', () => {
  it('refuses a folder that is not empty, with exit 1, and writes nothing', async () => {
    const dir = freshDir()
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    const result = await run([dir])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${dir} is not empty`)
    expect(result.stderr).not.toContain('Usage:')
    expect(readdirSync(dir)).toEqual(['notes.txt'])
  })

  it('refuses a folder that is not empty as soon as it is named, before asking the other questions', async () => {
    const dir = freshDir()
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    // The folder, then answers to framework, chains and email should they (wrongly) be asked.
    const result = await run([], { answers: [dir, '', '', ''] })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`${dir} is not empty`)
    expect(result.stdout).not.toContain('Framework:')
    expect(readdirSync(dir)).toEqual(['notes.txt'])
  })

  it('makes the app in an empty folder that exists', async () => {
    const dir = freshDir()
    mkdirSync(dir, { recursive: true })
    expect((await run([dir])).code).toBe(0)
  })

  for (const name of ['$HOME app', '100%', 'a`b', 'say "hi"', 'wow!', 'draft[1]', 'tab\there', 'a\u202eb'])
    it(`refuses a folder named ${JSON.stringify(name)}, which a shell would read in the printed cd step, with exit 2 and nothing made`, async () => {
      const dir = freshDir(name)
      const result = await run([dir])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('the folder may hold only letters, numbers, spaces, emoji and')
      expect(existsSync(dirname(dir))).toBe(false)
    })

  for (const folder of ['~', '~/app', '~\\app'])
    it(`refuses the folder ${folder}, whose first part PowerShell reads as the home folder, with exit 2 and nothing made`, async () => {
      const parent = freshDir('parent')
      mkdirSync(parent, { recursive: true })
      const cwd = process.cwd()
      process.chdir(parent)
      try {
        const result = await run([folder])
        expect(result.code).toBe(2)
        expect(result.stderr).toContain('the folder must not start with ~ on its own')
        expect(readdirSync(parent)).toEqual([])
      } finally {
        process.chdir(cwd)
      }
    })

  it('asks for the folder again, saying why, when the one answered would not read the same in the cd step', async () => {
    const refused = freshDir('100%')
    const dir = freshDir()
    const result = await run([], { answers: [refused, dir, '', '', ''] })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Please answer again: the folder may hold only letters, numbers')
    expect(result.stdout.match(/Project folder:/g)).toHaveLength(2)
    expect(result.stderr).toBe('')
    expect(existsSync(dirname(refused))).toBe(false)
    expect(filesOf(dir)).toContain('package.json')
  })

  const usageCases: [string, string[], string][] = [
    ['an unknown flag', ['app', '--typescript'], "Unknown option '--typescript'"],
    ['a template there is none of', ['app', '--template', 'svelte'], '--template must be vite or next'],
    ['chains there is no choice of', ['app', '--chains', 'solana'], '--chains must be evm or evm+solana'],
    ['a flag without its value', ['app', '--template'], 'argument missing'],
    ['--email with --no-email', ['app', '--email', '--no-email'], 'contradict'],
    ['--local with a URL', ['app', '--local', '--relay', 'wss://r.example'], 'leave it out to pass --relay'],
    [
      'a flag given twice',
      ['app', '--template', 'vite', '--template', 'next'],
      '--template is given more than once',
    ],
    [
      'plain http:// to another machine',
      ['app', '--api', 'http://api.example.com'],
      '--api must be https:// for a host other than this machine',
    ],
    [
      'plain ws:// to another machine',
      ['app', '--relay', 'ws://relay.example.com'],
      '--relay must be wss:// for a host other than this machine',
    ],
    [
      'a URL with a password (fetch refuses it, the bundle would publish it)',
      ['app', '--rpc', 'https://user:secret@rpc.example.com', '--chain-id', '10'],
      '--rpc must not carry a user name or password',
    ],
    [
      'a chain id in exponent notation',
      ['app', '--rpc', 'https://rpc.example.com', '--chain-id', '1e3'],
      '--chain-id must be a number',
    ],
    [
      'a chain id in hex',
      ['app', '--rpc', 'https://rpc.example.com', '--chain-id', '0x10'],
      '--chain-id must be a number',
    ],
    [
      'a relay that is not ws',
      ['app', '--relay', 'https://r.example'],
      '--relay must be a ws:// or wss:// URL',
    ],
    ['a URL that would end a string literal', ['app', '--api', "http://a.example/'+x"], 'quotes'],
    ['a chain id that is no number', ['app', '--chain-id', 'mainnet'], '--chain-id must be a number'],
    [
      'an RPC without its chain id (the app would call that chain Anvil, 31337)',
      ['app', '--rpc', 'https://rpc.example.com'],
      '--rpc and --chain-id go together',
    ],
    [
      'a chain id without its RPC (the app would read it from Anvil)',
      ['app', '--chain-id', '10'],
      '--rpc and --chain-id go together',
    ],
    ['two folders', ['a', 'b'], 'one directory expected'],
    ['no folder and no terminal to ask for one', [], 'name the folder'],
    ['an empty folder name', [''], 'name the folder to create the app in\n'],
  ]
  for (const [what, argv, message] of usageCases)
    it(`prints the usage and exits 2 for ${what}`, async () => {
      const cwdBefore = readdirSync(work)
      const result = await run(argv)
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(message)
      expect(result.stderr).toContain('Usage: create-pairwise <dir>')
      expect(readdirSync(work)).toEqual(cwdBefore)
    })

  it('prints the usage for --help and exits 0', async () => {
    const result = await run(['--help'])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toContain('--template vite|next')
  })
})
