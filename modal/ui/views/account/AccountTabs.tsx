import { componentCss } from '@pairwise/common/theme'
import { type KeyboardEvent, lazy, Suspense, useId } from 'react'
import { setCurrentTab } from '../../../controllers/accountTab.js'
import type { MessageKey } from '../../../i18n/en.js'
import { textDirection } from '../../../i18n/locales.js'
import type { AccountTab } from '../../../state/types.js'
import { useAppState, useKit } from '../../kitContext.js'
import { accountTabsCss } from './accountTabsCss.js'
import { tabAfterKey } from './tabKeys.js'

// Each tab's body is its own chunk, fetched when the tab is first shown.
const panels = {
  0: lazy(() => import('./TokensTab.js').then(({ TokensTab }) => ({ default: TokensTab }))),
  1: lazy(() => import('./NftsTab.js').then(({ NftsTab }) => ({ default: NftsTab }))),
  2: lazy(() => import('./ActivityTab.js').then(({ ActivityTab }) => ({ default: ActivityTab }))),
} as const

const labels: Record<AccountTab, MessageKey> = {
  0: 'account.tab.tokens',
  1: 'account.tab.nfts',
  2: 'account.tab.activity',
}

const mirroredArrows: Record<string, string> = { ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' }

/** The tabs a project shows: Activity only while its `activity` feature is on. */
export function shownTabs(activity: boolean): AccountTab[] {
  return activity ? [0, 1, 2] : [0, 1]
}

/** VIEW-04: Tokens, NFTs and Activity as an ARIA tablist; `account.currentTab` selects the one shown. */
export function AccountTabs() {
  const { kit, t } = useKit()
  const shown = shownTabs(useAppState((s) => s.features.activity))
  const selected = useAppState((s) => s.account.currentTab ?? 0)
  const current = shown.includes(selected) ? selected : 0
  const id = useId()
  const Panel = panels[current]
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Right to left the tabs run the other way, so the arrows swap (WAI-ARIA tabs pattern).
    const key = textDirection(t.locale) === 'rtl' ? (mirroredArrows[event.key] ?? event.key) : event.key
    const next = tabAfterKey(current, key, shown)
    if (next === undefined) return
    event.preventDefault()
    setCurrentTab(kit.context, next)
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus()
  }
  return (
    <div className="tabs-area">
      <style>{componentCss}</style>
      <style>{accountTabsCss}</style>
      <div role="tablist" aria-label={t('account.tabs')} className="tabs" onKeyDown={onKeyDown}>
        {shown.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            className="tab"
            id={`${id}-tab-${tab}`}
            data-tab={tab}
            data-testid={`account-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => setCurrentTab(kit.context, tab)}
          >
            {t(labels[tab])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${current}`}
        className="tabpanel"
        data-testid={`account-panel-${current}`}
      >
        <Suspense fallback={<p className="muted">{t('account.loading')}</p>}>
          <Panel />
        </Suspense>
      </div>
    </div>
  )
}
