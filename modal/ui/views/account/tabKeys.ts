import type { AccountTab } from '../../../state/types.js'

/**
 * The tab a key moves to in a tablist (WAI-ARIA Authoring Practices, tabs with automatic activation):
 * arrows move to the neighbour and wrap, Home and End to the ends; any other key moves nowhere (undefined).
 */
export function tabAfterKey(
  current: AccountTab,
  key: string,
  shown: readonly AccountTab[],
): AccountTab | undefined {
  const at = Math.max(0, shown.indexOf(current))
  const last = shown.length - 1
  const index =
    key === 'ArrowRight'
      ? (at + 1) % shown.length
      : key === 'ArrowLeft'
        ? (at - 1 + shown.length) % shown.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : undefined
  return index === undefined ? undefined : shown[index]
}
