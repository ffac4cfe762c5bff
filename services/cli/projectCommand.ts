import { parseArgs } from 'node:util'
import { defaultApiDatabase, migrate, openDatabase } from '../api/index.js'
import {
  type NewProject,
  type ProjectPatch,
  ProjectStore,
  projectIdSchema,
  projectMigrations,
  projectPatchSchema,
  type StoredProject,
} from '../api/projects/index.js'
import { type OperatorNumberRange, parseOperatorNumber } from '../kit/operatorNumber.js'

export const projectUsage = [
  'pairwise project list [--database URL|FILE]',
  '  pairwise project show <id> [--database URL|FILE]',
  '  pairwise project create <id> [--name N] [settings] [--database URL|FILE]',
  '    a new project allows no origin and has every feature off but those its settings turn on',
  '  pairwise project set <id> [settings] [--database URL|FILE]',
  '    settings: --origins O,O (exact, https://*.host, http://localhost:*) --basic on|off --email on|off',
  '      --socials off|google,github,… --swaps on|off --onramp on|off --activity on|off',
  '      --reown-branding on|off --multi-wallet on|off --rate-limit N (requests per minute)',
  '      --smart-accounts off|1,8453,… (the chains whose embedded wallet may be a smart account)',
].join('\n')

const switches = {
  email: 'email',
  swaps: 'swaps',
  onramp: 'onramp',
  activity: 'activity',
  'reown-branding': 'reownBranding',
  'multi-wallet': 'multiWallet',
} as const

const options = {
  database: { type: 'string' },
  name: { type: 'string' },
  origins: { type: 'string' },
  basic: { type: 'string' },
  socials: { type: 'string' },
  'rate-limit': { type: 'string' },
  'smart-accounts': { type: 'string' },
  ...Object.fromEntries(Object.keys(switches).map((flag) => [flag, { type: 'string' }])),
} as const

type Flags = Partial<Record<string, string | boolean>>

const rateLimitSchema = projectPatchSchema.shape.rateLimitPerMinute.unwrap()

/** `--rate-limit`, within the schema's own bounds: the flag and the admin routes allow the same. */
const rateLimit: OperatorNumberRange = {
  what: 'requests per minute',
  min: rateLimitSchema.minValue ?? 1,
  max: rateLimitSchema.maxValue ?? Number.MAX_SAFE_INTEGER,
}

function onOff(flag: string, value: string | boolean | undefined): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'on' || value === 'true') return true
  if (value === 'off' || value === 'false') return false
  throw new Error(`--${flag} must be on or off, got '${String(value)}'`)
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** The settings flags as a project patch, checked by the same schema as the admin routes. */
function patchFrom(flags: Flags): ProjectPatch {
  const text = (flag: string) => (typeof flags[flag] === 'string' ? (flags[flag] as string) : undefined)
  const features: Record<string, unknown> = {}
  for (const [flag, feature] of Object.entries(switches)) {
    const value = onOff(flag, flags[flag])
    if (value !== undefined) features[feature] = value
  }
  const socials = text('socials')
  if (socials !== undefined)
    features.socials = socials === 'off' || socials === 'false' ? false : list(socials)
  const origins = text('origins')
  const rateLimitText = text('rate-limit')
  const smartAccounts = text('smart-accounts')
  const candidate = {
    ...(text('name') === undefined ? {} : { name: text('name') }),
    ...(origins === undefined ? {} : { allowedOrigins: list(origins) }),
    ...(flags.basic === undefined ? {} : { basic: onOff('basic', flags.basic) }),
    ...(Object.keys(features).length ? { features } : {}),
    ...(rateLimitText === undefined
      ? {}
      : { rateLimitPerMinute: parseOperatorNumber(rateLimitText, '--rate-limit', rateLimit) }),
    ...(smartAccounts === undefined ? {} : { smartAccountNetworks: chainIdsOf(smartAccounts) }),
  }
  const parsed = projectPatchSchema.safeParse(candidate)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const [field, second] = issue?.path ?? []
  throw new Error(`${flagOf(field, second, candidate.allowedOrigins)}: ${issue?.message ?? 'invalid value'}`)
}

/** `--smart-accounts`: off, or chain ids as decimal digits (no `eip155:` or hex), which the schema bounds. */
function chainIdsOf(value: string): number[] {
  if (value === 'off' || value === 'false') return []
  return list(value).map((item) => {
    if (!/^[0-9]{1,16}$/.test(item))
      throw new Error(`--smart-accounts entry '${item}': not a chain id (decimal digits, e.g. 8453)`)
    return Number(item)
  })
}

/** The flag a schema issue at `field` (and `second`) came from, for the error line. */
function flagOf(field: unknown, second: unknown, origins: string[] | undefined): string {
  if (field === 'features')
    return `--${Object.entries(switches).find(([, feature]) => feature === second)?.[0] ?? String(second)}`
  if (field === 'allowedOrigins')
    return typeof second === 'number' ? `--origins entry '${origins?.[second]}'` : '--origins'
  if (field === 'rateLimitPerMinute') return '--rate-limit'
  if (field === 'smartAccountNetworks') return '--smart-accounts'
  return `--${String(field)}`
}

function describe(project: StoredProject): string {
  const features = Object.entries(project.features)
    .map(
      ([name, value]) => `${name}=${Array.isArray(value) ? value.join('+') || 'none' : value ? 'on' : 'off'}`,
    )
    .join(' ')
  const smartAccounts = project.smartAccountNetworks.join(',') || 'off'
  return `${project.id}  ${project.name}${project.basic ? '  (basic mode)' : ''}\n    origins: ${project.allowedOrigins.join(', ') || 'none'}\n    ${features}  rate-limit=${project.rateLimitPerMinute}/min  smart-accounts=${smartAccounts}`
}

function idOf(positionals: string[], action: string): string {
  const [id, ...rest] = positionals
  if (id === undefined) throw new Error(`project ${action} needs a project id`)
  if (rest.length) throw new Error(`unexpected argument '${rest[0]}'`)
  const parsed = projectIdSchema.safeParse(id)
  if (!parsed.success) throw new Error(`project id '${id}': ${parsed.error.issues[0]?.message}`)
  return id
}

/** `pairwise project list|show|create|set`, working on the api's database directly. */
export async function runProjectCommand(
  args: string[],
  context: { env: NodeJS.ProcessEnv; print: (line: string) => void },
): Promise<void> {
  const [action, ...rest] = args
  if (!action || !['list', 'show', 'create', 'set'].includes(action))
    throw new Error(`expected list, show, create or set, got '${action ?? ''}'\nUsage: ${projectUsage}`)
  const { values, positionals } = parseArgs({ args: rest, options, allowPositionals: true, strict: true })
  const flags = values as Flags
  const settings = action === 'create' || action === 'set' ? patchFrom(flags) : {}
  if ((action === 'list' || action === 'show') && Object.keys(flags).some((flag) => flag !== 'database'))
    throw new Error(`project ${action} takes no settings; use project set`)
  const id = action === 'list' ? undefined : idOf(positionals, action)
  if (action === 'list' && positionals.length) throw new Error(`unexpected argument '${positionals[0]}'`)

  const db = await openDatabase(
    typeof flags.database === 'string' ? flags.database : defaultApiDatabase(context.env),
  )
  try {
    await migrate(db, [projectMigrations])
    const store = new ProjectStore(db)
    if (id === undefined) {
      const projects = await store.list()
      if (!projects.length) context.print('No projects.')
      for (const project of projects) context.print(describe(project))
      return
    }
    if (action === 'create') {
      const input: NewProject = { ...settings, id, name: settings.name ?? id }
      context.print(`Created ${describe(await store.create(input))}`)
      return
    }
    const project = action === 'set' ? await store.update(id, settings) : await store.get(id)
    if (!project) throw new Error(`no project '${id}'`)
    context.print(action === 'set' ? `Updated ${describe(project)}` : describe(project))
  } finally {
    await db.close()
  }
}
