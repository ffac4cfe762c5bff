import type { ActivityItem } from '../../../api/activity.js'

/**
 * The transfers shown once `page` is added to `shown`, each id once. A later page can list a transfer again:
 * on Bitcoin a transaction shown from the mempool may be mined before 'Load more' and come back confirmed
 * (services/api/activity/bitcoinActivity.ts). Its later answer is the newer, so it takes the earlier row's
 * place rather than adding a row.
 */
export function appendActivity(
  shown: readonly ActivityItem[],
  page: readonly ActivityItem[],
): ActivityItem[] {
  const byId = new Map(shown.map((item) => [item.id, item]))
  for (const item of page) byId.set(item.id, item)
  return [...byId.values()]
}
