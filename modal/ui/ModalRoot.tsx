import * as React from 'react'
import { type ComponentType, Suspense, useEffect, useId, useState } from 'react'
import { alertWords, dismissAlert } from '../controllers/alerts.js'
import { brandingShown } from '../controllers/features.js'
import { closeByVisitor, closeDisabled } from '../controllers/modal.js'
import { goBack } from '../controllers/router.js'
import { afterNextPaint } from '../core/afterNextPaint.js'
import type { MessageKey } from '../i18n/en.js'
import type { Alert, AlertText } from '../state/types.js'
import type { Route, ViewName } from '../state/views.js'
import { connectorName } from './components/connectorName.js'
import { Dialog } from './components/Dialog.js'
import { Spinner } from './components/Spinner.js'
import { ViewErrorBoundary } from './components/ViewErrorBoundary.js'
import { useAppState, useKit } from './kitContext.js'
import { useEmbeddedUi } from './useEmbeddedUi.js'
import { chunkTitle, LaterView, views } from './views/index.js'

/**
 * Closed, the dialog stays rendered but hidden under React 19.2's Activity (pre-rendered when idle), so the
 * first open only reveals it instead of building every view cold in the click's frame. Earlier Reacts (18.2
 * to 19.1, which the package supports) lack Activity: there the dialog mounts on open and unmounts on
 * close. Both run the dialog's effects only while it is shown (focus moved in on open, given back on close)
 * and lose nothing the user sees, since closing resets the route; only the idle pre-render is missing.
 * Read from the namespace, where a missing export is undefined: a named import of it breaks the module
 * under strict ESM.
 */
const Activity = optionalReactExport('Activity')

/**
 * A React export that older Reacts of the peer range lack, or undefined there. Looked up by a key the
 * bundler cannot evaluate: webpack checks a named import and a static member read (`React.Activity`,
 * `React['Activity']`) of a CommonJS module against the names it exports and fails the build on a missing
 * one, even though the read would only give undefined at run time.
 */
function optionalReactExport<Name extends keyof typeof React>(name: Name): (typeof React)[Name] | undefined {
  return (React as Partial<typeof React>)[name]
}

export function ModalRoot() {
  const { kit } = useKit()
  const open = useAppState((s) => s.open)
  const shake = useAppState((s) => s.shake)
  const view = useAppState((s) => s.router.view)
  const embedded = Boolean(kit.options.enableEmbedded)
  const titleId = useId()
  if (embedded) {
    return (
      <section className="card inline" aria-labelledby={titleId} data-testid="modal-card">
        <ModalContent titleId={titleId} embedded />
        <Snackbar />
        <PreloadLaterViews />
      </section>
    )
  }
  const dialog = (
    <Dialog labelledBy={titleId} view={view} shake={shake} onClose={() => closeByVisitor(kit.context)}>
      <ModalContent titleId={titleId} embedded={false} />
    </Dialog>
  )
  return (
    <>
      {Activity ? <Activity mode={open ? 'visible' : 'hidden'}>{dialog}</Activity> : open && dialog}
      <Snackbar />
      <PreloadLaterViews />
    </>
  )
}

/**
 * Once the modal is open or a connection exists (the Account view is then one click away), renders the later
 * views' lazy component showing nothing: its chunk loads in the background, and a later view then renders in
 * the click's frame, not behind the spinner (which React, once shown, keeps up to 300 ms). Outside the dialog,
 * so it runs while a closed dialog is hidden too. Not before the frame that shows the open modal has painted:
 * starting the load (the bundler's preload of the chunk's imports) took milliseconds of the opening click.
 */
function PreloadLaterViews() {
  const { kit } = useKit()
  const wanted =
    useAppState((s) => s.open || Boolean(s.account.address)) || Boolean(kit.options.enableEmbedded)
  const [due, setDue] = useState(false)
  useEffect(() => (wanted && !due ? afterNextPaint(() => setDue(true)) : undefined), [wanted, due])
  return wanted && due ? (
    <Suspense fallback={null}>
      <LaterView />
    </Suspense>
  ) : null
}

/** Embedded mode shows Account when connected and Connect otherwise, in place (OPEN-10). */
function embeddedRoute(route: Route, connected: boolean): Route {
  if (route.view === 'Connect' || route.view === 'Account') return { view: connected ? 'Account' : 'Connect' }
  return route
}

function ModalContent({ titleId, embedded }: { titleId: string; embedded: boolean }) {
  const { kit, t } = useKit()
  const router = useAppState((s) => s.router)
  const connected = useAppState((s) => Boolean(s.account.address))
  const alerts = useAppState((s) => s.alerts)
  const closeOff = useAppState((s) => closeDisabled(kit.context, s))
  const route = embedded ? embeddedRoute(router, connected) : router
  return (
    <>
      <div className="header">
        {router.history.length > 0 ? (
          <button
            type="button"
            className="icon-button back"
            aria-label={t('modal.back')}
            onClick={() => goBack(kit.context)}
          >
            {/* Drawn, not a glyph: few fonts have U+2190, so its look was whichever fallback the system had. */}
            <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
              <path
                d="M13 8H3m4-4L3 8l4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : (
          <span className="spacer" />
        )}
        <h2 id={titleId}>
          {/*
            A title that throws (a feature's, the embedded wallet's) empties the heading, not the modal. Keyed by
            the view shown: embedded, that follows the connection while the router stays as it was.
          */}
          <ViewErrorBoundary key={route.view} resetKey={router} fallback={null}>
            <ViewTitle route={route} />
          </ViewErrorBoundary>
        </h2>
        {embedded ? (
          <span className="spacer" />
        ) : (
          <button
            type="button"
            className="icon-button"
            aria-label={t('modal.close')}
            disabled={closeOff}
            onClick={() => closeByVisitor(kit.context)}
          >
            <span aria-hidden="true">✕</span>
          </button>
        )}
      </div>
      {alerts.map((alert) => (
        <AlertBar key={alert.id} alert={alert} />
      ))}
      <div className="body" key={route.view}>
        {/* Views whose code loads on demand show the spinner until it has. */}
        <ViewErrorBoundary resetKey={router} fallback={<ViewFailed />}>
          <Suspense fallback={<Spinner label={t('modal.loading')} testId="view-loading" />}>
            <RoutedView route={route} />
          </Suspense>
        </ViewErrorBoundary>
      </div>
      <Branding />
    </>
  )
}

/**
 * The heading's words: a feature's or the embedded wallet's own title component, else the view's name. Its
 * own component, so that what it reads (the embedded wallet's UI among it) fails inside the title's boundary.
 */
function ViewTitle({ route }: { route: Route }) {
  const { t } = useKit()
  // Read through the store's subscription: a wallet renamed while its view is open retitles it.
  const named = useAppState((s) => titleName(route, s.connectors))
  const embeddedUi = useEmbeddedUi()
  const ours = ownView(route.view)
  const EmailTitle = ours ? undefined : embeddedUi?.titles[route.view]
  if (!ours && !EmailTitle) return null
  const featureTitle = EmailTitle ? <EmailTitle /> : chunkTitle(route.view)
  return featureTitle ? (
    <Suspense fallback={null}>{featureTitle}</Suspense>
  ) : (
    t(`view.${route.view}` as MessageKey, { name: connectorName(named, t) })
  )
}

/** The route's view. The embedded wallet's come with its plug-in's UI: the spinner shows until it loaded. */
function RoutedView({ route }: { route: Route }) {
  const { t } = useKit()
  const embeddedUi = useEmbeddedUi()
  const View = (ownView(route.view) ? views[route.view] : embeddedUi?.views[route.view]) as
    | ComponentType<{ data: Route['data'] }>
    | undefined
  return View ? <View data={route.data} /> : <Spinner label={t('modal.loading')} testId="view-loading" />
}

/** Whether `view` is one of the modal's own, not one the embedded wallet's UI brings. */
function ownView(view: ViewName): view is keyof typeof views {
  return view in views
}

/** One alert, with the button that dismisses it: it stays until then. */
function AlertBar({ alert }: { alert: Alert }) {
  const { kit, t } = useKit()
  return (
    <div className={`alert ${alert.severity}`} role="alert">
      <span style={{ flex: 1 }}>
        <AlertWords alert={alert} />
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('modal.close')}
        onClick={() => dismissAlert(kit.context, alert.id)}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  )
}

/**
 * An alert's or a snackbar's words in the reader's language. Words that throw while rendering (an alert made
 * from an answer of an unexpected shape) give way to its English message, worked out when it was made: the
 * alert can still be read and closed, and the modal around it stays.
 */
function AlertWords({ alert }: { alert: Alert }) {
  // A message of the wrong shape too is left out: a fallback that throws would unmount the modal's root.
  const message = typeof alert.message === 'string' ? alert.message : null
  return (
    <ViewErrorBoundary resetKey={alert} fallback={message}>
      <TranslatedWords text={alert.text} />
    </ViewErrorBoundary>
  )
}

/** Its own component, so that words it cannot render fail inside AlertWords' boundary. */
function TranslatedWords({ text }: { text: AlertText }) {
  const { t } = useKit()
  return alertWords(t, text)
}

/** In place of a view that threw while rendering: the header above it still goes back and closes. */
function ViewFailed() {
  const { t } = useKit()
  return (
    <div className="center" data-testid="view-failed">
      <p className="error" role="alert">
        {t('error.generic')}
      </p>
    </div>
  )
}

function titleName(route: Route, connectors: { id: string; name: string }[]): string {
  if (route.view === 'ConnectingExternal')
    return connectors.find((c) => c.id === route.data.connectorId)?.name ?? ''
  if (route.view === 'SwitchNetwork') return route.data.network.name
  return ''
}

/** ROLE-08: our mark in the footer, unless the project turned reownBranding off. */
function Branding() {
  const { t } = useKit()
  const shown = useAppState(brandingShown)
  return shown ? (
    <p className="branding muted" data-testid="branding">
      {t('modal.branding')}
    </p>
  ) : null
}

/**
 * Screen readers announce what changes inside a live region already on the page, and some say nothing of
 * a region that appears with its words in it: both regions stay rendered, empty and out of the layout, and
 * only the message comes and goes. An error interrupts the reader (alert); anything else waits until they
 * are idle (output's own status role). Keyed by the snackbar, so the same words shown again are a new
 * message to announce, not an unchanged one.
 */
function Snackbar() {
  const snackbar = useAppState((s) => s.snackbar)
  const words = snackbar && (
    <span key={snackbar.id} className={`snackbar ${snackbar.severity}`}>
      <AlertWords alert={snackbar} />
    </span>
  )
  const urgent = snackbar?.severity === 'error'
  return (
    <>
      <output className="snackbar-region">{urgent ? null : words}</output>
      <div className="snackbar-region" role="alert">
        {urgent ? words : null}
      </div>
    </>
  )
}
