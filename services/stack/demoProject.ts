import type { Database } from '../api/db/index.js'
import { type ProjectPatch, ProjectStore, socialProviders } from '../api/projects/index.js'
import { loopbackTwin } from '../net/loopbackTwin.js'

export const DEMO_PROJECT_ID = 'pairwise-demo'
const DEMO_PROJECT_NAME = 'Pairwise demo'
/** The embedded-wallet example's project: the demo's settings with email login on. */
export const EMBEDDED_PROJECT_ID = 'pairwise-embedded'
const EMBEDDED_PROJECT_NAME = 'Pairwise embedded wallet example'

/**
 * The demo's settings as its page sets them locally (examples/demo/src/setup.ts, DEMO-07/08): email,
 * socials, onramp and swaps off; everything else on.
 */
const demoSettings = {
  name: DEMO_PROJECT_NAME,
  basic: false,
  // Every page of the local stack, and every browser test, is one client (127.0.0.1), and a client gets a
  // fifth of the project's minute; the stack's chain is local, so the ceiling has no upstream to protect.
  rateLimitPerMinute: 60_000,
  features: {
    email: false,
    socials: false,
    swaps: false,
    onramp: false,
    activity: true,
    reownBranding: true,
    multiWallet: true,
  },
} satisfies ProjectPatch

/** The origins a page at `url` is opened from: itself, and its loopback twin (127.0.0.1 ↔ localhost). */
export function pageOrigins(url: string): string[] {
  const { protocol, hostname, port, origin } = new URL(url)
  const twin = loopbackTwin(hostname)
  return twin ? [origin, `${protocol}//${twin}${port ? `:${port}` : ''}`] : [origin]
}

/**
 * Creates the demo project, or brings an existing one (from an earlier run, on other ports) back to the
 * demo's settings, allowing exactly the origins of the stack's own pages.
 */
export async function ensureDemoProject(db: Database, origins: string[]): Promise<void> {
  await ensureProject(db, DEMO_PROJECT_ID, { ...demoSettings, allowedOrigins: origins })
}

/** The account-actions example's project: email login (for names), the onramp and swaps on. */
export const ACTIONS_PROJECT_ID = 'pairwise-actions'

/** Its embedded wallet may be a smart account on the stack's chain (`localChainId`, FRAME-13). */
export async function ensureActionsProject(
  db: Database,
  origins: string[],
  localChainId: number,
): Promise<void> {
  await ensureProject(db, ACTIONS_PROJECT_ID, {
    ...demoSettings,
    name: 'Pairwise account actions example',
    features: { ...demoSettings.features, email: true, onramp: true, swaps: true },
    allowedOrigins: origins,
    smartAccountNetworks: [localChainId],
  })
}

/**
 * The embedded example's project, allowed on exactly the stack's own page origins, email and every
 * social login on (the stack's local identity providers serve six, its Farcaster relay the seventh), and
 * smart accounts on the stack's chain.
 */
export async function ensureEmbeddedProject(
  db: Database,
  origins: string[],
  localChainId: number,
): Promise<void> {
  await ensureProject(db, EMBEDDED_PROJECT_ID, {
    ...demoSettings,
    name: EMBEDDED_PROJECT_NAME,
    features: { ...demoSettings.features, email: true, socials: [...socialProviders] },
    allowedOrigins: origins,
    smartAccountNetworks: [localChainId],
  })
}

async function ensureProject(
  db: Database,
  id: string,
  settings: ProjectPatch & { name: string; allowedOrigins: string[] },
): Promise<void> {
  const projects = new ProjectStore(db)
  const updated = await projects.update(id, settings)
  if (!updated) await projects.create({ ...settings, id })
}
