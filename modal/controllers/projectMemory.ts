import type { KeyValue } from './context.js'

/**
 * Where an instance keeps `key` in the page's memory, which every instance on the origin shares: one item per
 * project, so instances with different projectIds read only their own; those without one keep `key` itself.
 */
export function projectKey(key: string, projectId: string | undefined): string {
  return projectId ? `${key}:${projectId}` : key
}

/**
 * Set on the origin when a project instance first reads `key`. An unscoped item is a visitor's from before
 * items were per project only until then; afterwards it is an instance's without a projectId, still in use.
 */
const perProjectMarker = (key: string) => `pairwise:memory:perProject:${key}`

/** The instance's item for `key` (projectKey); the first project instance to read it takes up the one kept before. */
export function readProjectItem(memory: KeyValue, key: string, projectId: string | undefined): string | null {
  const own = projectKey(key, projectId)
  const item = memory.getItem(own)
  const marker = perProjectMarker(key)
  if (own === key || memory.getItem(marker) !== null) return item
  memory.setItem(marker, 'true')
  // Visitors from before the upgrade have only the unscoped item and must come back to their wallet: it is
  // moved, not copied, so one project takes it up and another instance on the origin does not also claim it.
  const legacy = item === null ? memory.getItem(key) : null
  if (legacy === null) return item
  memory.setItem(own, legacy)
  memory.removeItem(key)
  return legacy
}
