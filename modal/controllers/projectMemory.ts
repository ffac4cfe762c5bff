import type { KeyValue } from './context.js'

/**
 * Where an instance keeps `key` in the page's memory, which every instance on the origin shares: one item per
 * project, so instances with different projectIds read only their own; those without one keep `key` itself.
 */
export function projectKey(key: string, projectId: string | undefined): string {
  return projectId ? `${key}:${projectId}` : key
}

/** The instance's item for `key` (projectKey), the one kept before items were per project taken up once. */
export function readProjectItem(memory: KeyValue, key: string, projectId: string | undefined): string | null {
  const own = projectKey(key, projectId)
  const item = memory.getItem(own)
  if (item !== null || own === key) return item
  // Visitors from before the upgrade have only the unscoped item and must come back to their wallet: it is
  // moved, not copied, so one project takes it up and another instance on the origin does not also claim it.
  const legacy = memory.getItem(key)
  if (legacy === null) return null
  memory.setItem(own, legacy)
  memory.removeItem(key)
  return legacy
}
