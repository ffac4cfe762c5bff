import { createElement, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { LaterView } from '../../../modal/ui/views/index.js'

/**
 * Renders the later views' lazy component once and waits for its chunk: server renders (which wait for no
 * lazy chunk) then show those views, not the loading spinner.
 */
export async function loadLaterViews(): Promise<void> {
  renderToString(createElement(Suspense, { fallback: null }, createElement(LaterView)))
  await import('../../../modal/ui/views/laterViews.js')
  await new Promise((resolve) => setTimeout(resolve, 0))
}
