import { base64ToBytes, bytesToBase64, bytesToUtf8, utf8ToBytes } from '@pairwise/crypto'

/** A ReCap (ERC-5573) object: per resource, abilities (`request/personal_sign`) with their limits. */
export type Recap = { att: Record<string, Record<string, unknown[]>> }

const PREFIX = 'urn:recap:'
const STATEMENT_BASE = 'I further authorize the stated URI to perform the following actions on my behalf: '

function byName(a: string, b: string): number {
  return a.localeCompare(b)
}

export function isRecapResource(resource: string | undefined): resource is string {
  return typeof resource === 'string' && resource.startsWith(PREFIX)
}

/** The recap resource, which by spec is always the last of `resources`. */
export function recapFromResources(resources: readonly string[] | undefined): string | undefined {
  const last = resources?.[resources.length - 1]
  return isRecapResource(last) ? last : undefined
}

function assertRecap(value: unknown): asserts value is Recap {
  const att = (value as { att?: unknown } | null)?.att
  if (typeof att !== 'object' || att === null || Object.keys(att).length === 0) {
    throw new Error('a recap needs a non-empty `att` object')
  }
  for (const [resource, abilities] of Object.entries(att)) {
    if (typeof abilities !== 'object' || abilities === null || Array.isArray(abilities)) {
      throw new Error(`Resource must be an object: ${resource}`)
    }
    for (const [ability, limits] of Object.entries(abilities)) {
      if (
        !Array.isArray(limits) ||
        limits.length === 0 ||
        !limits.every((limit) => typeof limit === 'object')
      ) {
        throw new Error(`Ability limits ${ability} must be a non-empty array of objects`)
      }
    }
  }
}

export function encodeRecap(recap: Recap): string {
  assertRecap(recap)
  return PREFIX + bytesToBase64(utf8ToBytes(JSON.stringify(recap))).replace(/=+$/, '')
}

export function decodeRecap(resource: string): Recap {
  const body = resource.slice(PREFIX.length).replace(/-/g, '+').replace(/_/g, '/')
  const decoded: unknown = JSON.parse(bytesToUtf8(base64ToBytes(body)))
  assertRecap(decoded)
  return decoded
}

/** `{att: {eip155: {"request/eth_sign": [{}], …}}}`, actions sorted as the official client sorts them. */
export function createRecap(
  resource: string,
  ability: string,
  actions: readonly string[],
  limits = {},
): Recap {
  const abilities: Record<string, unknown[]> = {}
  for (const action of [...actions].sort(byName)) abilities[`${ability}/${action}`] = [limits]
  return { att: { [resource]: abilities } }
}

export function mergeRecaps(a: Recap, b: Recap): Recap {
  const merged: Recap = { att: {} }
  for (const resource of [...new Set([...Object.keys(a.att), ...Object.keys(b.att)])].sort(byName)) {
    const abilities: Record<string, unknown[]> = {}
    const names = [
      ...new Set([...Object.keys(a.att[resource] ?? {}), ...Object.keys(b.att[resource] ?? {})]),
    ].sort(byName)
    for (const name of names) abilities[name] = a.att[resource]?.[name] ?? b.att[resource]?.[name] ?? [{}]
    merged.att[resource] = abilities
  }
  return merged
}

/** Methods an eip155 recap grants (`request/personal_sign` → `personal_sign`). */
export function recapMethods(recap: Recap): string[] {
  return Object.keys(recap.att.eip155 ?? {}).map((ability) => ability.split('/')[1] ?? '')
}

/** Chains named in the recap's limits (`[{chains: [...]}]`). */
export function recapChains(recap: Recap): string[] {
  const chains: string[] = []
  for (const abilities of Object.values(recap.att)) {
    for (const limits of Object.values(abilities)) {
      const listed = (limits[0] as { chains?: unknown } | undefined)?.chains
      if (Array.isArray(listed))
        chains.push(...listed.filter((chain): chain is string => typeof chain === 'string'))
    }
  }
  return [...new Set(chains)]
}

/**
 * The human-readable sentence a recap adds to the SIWE statement, e.g. "(1) 'request': 'eth_sign',
 * 'personal_sign' for 'eip155'.", worded exactly as the official client words it, since the wallet signs
 * the whole message and the dapp must rebuild it byte for byte.
 */
export function statementWithRecap(statement: string | undefined, recap: Recap): string {
  const base = statement ?? ''
  if (base.includes(STATEMENT_BASE)) return base
  let counter = 0
  const parts = Object.keys(recap.att).map((resource) => {
    const actions = Object.keys(recap.att[resource] ?? {})
      .map((name) => ({ ability: name.split('/')[0] ?? '', action: name.split('/')[1] ?? '' }))
      .sort((x, y) => x.action.localeCompare(y.action))
    const grouped = new Map<string, string[]>()
    for (const { ability, action } of actions) grouped.set(ability, [...(grouped.get(ability) ?? []), action])
    return [...grouped.entries()]
      .map(([ability, names]) => {
        counter++
        return `(${counter}) '${ability}': '${names.join("', '")}' for '${resource}'.`
      })
      .join(', ')
      .replace('.,', '.')
  })
  return `${base ? `${base} ` : ''}${STATEMENT_BASE}${parts.join(' ')}`
}
