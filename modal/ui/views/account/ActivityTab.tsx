import { useCallback, useEffect, useRef, useState } from 'react'
import { type ActivityItem, fetchActivity } from '../../../api/activity.js'
import type { CaipNetwork } from '../../../networks/types.js'
import { Figure } from '../../components/Figure.js'
import { formatAmount } from '../../components/formatAmount.js'
import { shortAddress } from '../../components/shortAddress.js'
import { useAppState, useKit } from '../../kitContext.js'
import { appendActivity } from './appendActivity.js'
import { relativeTime } from './format.js'

export type Feed = {
  key: string
  items: ActivityItem[]
  next: string | null
  status: 'loading' | 'ready' | 'failed'
}

/** VIEW-06: the connected account's transfers, newest first, a page at a time ('Load more'). */
export function ActivityTab() {
  const { kit } = useKit()
  const { api } = kit
  const address = useAppState((s) => s.account.address)
  const network = useAppState((s) => s.activeNetwork)
  const caipNetworkId = network?.caipNetworkId
  const key = `${caipNetworkId}:${address}`
  const [feed, setFeed] = useState<Feed>(() => emptyFeed(key))
  // The pair whose answers are still wanted; an answer for another (or after unmount) is dropped.
  const wanted = useRef(key)
  const load = useCallback(
    (cursor?: string) => {
      if (!api || !address || !caipNetworkId) {
        setFeed({ ...emptyFeed(key), status: 'ready' })
        return
      }
      setFeed((feed) => ({ ...(feed.key === key ? feed : emptyFeed(key)), status: 'loading' }))
      fetchActivity(api, { address, caipNetworkId, ...(cursor ? { cursor } : {}) }).then(
        (page) =>
          wanted.current === key &&
          setFeed((feed) => ({
            key,
            items: appendActivity(cursor && feed.key === key ? feed.items : [], page.data),
            next: page.next,
            status: 'ready',
          })),
        () =>
          wanted.current === key &&
          setFeed((feed) => ({ ...(feed.key === key ? feed : emptyFeed(key)), status: 'failed' })),
      )
    },
    [api, address, caipNetworkId, key],
  )
  useEffect(() => {
    wanted.current = key
    load()
    return () => {
      wanted.current = ''
    }
  }, [key, load])
  return (
    <ActivityList feed={feed.key === key ? feed : emptyFeed(key)} onLoadMore={(cursor) => load(cursor)} />
  )
}

function emptyFeed(key: string): Feed {
  return { key, items: [], next: null, status: 'loading' }
}

/** Transfers with direction, counterparty, amount, time and an explorer link; 'Load more' while there are more. */
export function ActivityList({ feed, onLoadMore }: { feed: Feed; onLoadMore: (cursor: string) => void }) {
  const { t } = useKit()
  const network = useAppState((s) => s.activeNetwork)
  const { items, next, status } = feed
  return (
    <>
      {items.length > 0 && network ? (
        <ul className="list" data-testid="activity">
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} network={network} />
          ))}
        </ul>
      ) : status === 'ready' ? (
        <p className="muted">{t('activity.empty')}</p>
      ) : null}
      {status === 'failed' ? (
        <p className="error" role="alert">
          {t('activity.failed')}
        </p>
      ) : null}
      {status === 'loading' ? <p className="muted">{t('account.loading')}</p> : null}
      {status !== 'loading' && next !== null && items.length > 0 ? (
        <button type="button" className="secondary" onClick={() => onLoadMore(next)}>
          {t('activity.loadMore')}
        </button>
      ) : null}
    </>
  )
}

function ActivityRow({ item, network }: { item: ActivityItem; network: CaipNetwork }) {
  const { t } = useKit()
  const explorer = network.blockExplorers?.default.url.replace(/\/$/, '')
  const counterparty = shortAddress((item.direction === 'in' ? item.from : item.to) ?? '')
  const sign = item.direction === 'in' ? '+' : item.direction === 'out' ? '−' : ''
  return (
    <li className="asset" data-testid="activity-item">
      <span className="what">
        <span className="name">{t(`activity.${item.direction}`, { address: counterparty })}</span>
        <time className="muted" dateTime={new Date(item.timestamp * 1000).toISOString()}>
          {relativeTime(item.timestamp, Date.now(), t.locale)}
        </time>
      </span>
      <span className="amount">
        <Figure>{`${sign}${amountOf(item, network, t.locale)}`}</Figure>
        {explorer ? (
          <a href={`${explorer}/tx/${item.hash}`} target="_blank" rel="noopener noreferrer">
            {t('account.explorer')}
          </a>
        ) : null}
      </span>
    </li>
  )
}

function amountOf(item: ActivityItem, network: CaipNetwork, locale: string): string {
  if (item.kind === 'erc721') return `#${item.tokenId ?? '?'} ${item.token?.symbol ?? ''}`.trim()
  const symbol = item.kind === 'native' ? network.nativeCurrency.symbol : (item.token?.symbol ?? '')
  const amount =
    item.amount === undefined ? '?' : formatAmount(item.amount, locale, { minimumFractionDigits: 2 })
  return `${amount} ${symbol}`.trim()
}
