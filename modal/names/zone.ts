import type { ResolvedOptions } from '../controllers/options.js'

/** The parent every registered name sits under unless the app names its own (createAppKit `names.zone`). */
export const defaultNameZone = 'pairwise.eth'

export function nameZone(options: Pick<ResolvedOptions, 'names'>): string {
  return options.names?.zone ?? defaultNameZone
}

/** The full name of `label` under `zone`: `alice` → `alice.pairwise.eth`. */
export function fullName(label: string, zone: string): string {
  return `${label}.${zone}`
}

/** The label of a full name under `zone` (`alice.pairwise.eth` → `alice`); other names stay whole. */
export function labelOf(name: string, zone: string): string {
  const suffix = `.${zone}`
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : name
}
