import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** axe-core over the whole page, open shadow roots included; only serious and critical findings count. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath })
  const violations = await page.evaluate(async () => {
    // Colours are judged as they settle: a view that just opened may be a frame into its fade-in, whatever
    // its length (reduced motion shortens it to 1 ms), and a busy machine can run axe in that frame.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
    const axe = (
      window as unknown as { axe: { run(context: Document): Promise<{ violations: Violation[] }> } }
    ).axe
    return (await axe.run(document)).violations
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Opens a view on the page's modal instance, found the way the page's own elements find it. */
export async function openView(page: Page, view: string, data?: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ view, data }) => {
      const detail: { id?: string; kit?: { open(request: unknown): Promise<void> } } = {}
      document.dispatchEvent(new CustomEvent('pairwise:kit-request', { detail }))
      if (!detail.kit) throw new Error('no modal instance on the page')
      return detail.kit.open({ view, data })
    },
    { view, data },
  )
}

/** Sets theme variables on the page's modal instance, as `createAppKit({ themeVariables })` would. */
export async function setThemeVariables(page: Page, variables: Record<string, string>): Promise<void> {
  await page.evaluate((variables) => {
    const detail: { id?: string; kit?: { setThemeVariables(v: Record<string, string>): void } } = {}
    document.dispatchEvent(new CustomEvent('pairwise:kit-request', { detail }))
    if (!detail.kit) throw new Error('no modal instance on the page')
    detail.kit.setThemeVariables(variables)
  }, variables)
}

/** A network the app does not configure: SwitchNetwork to it fails, the modal's 'Network Not Found' case. */
export const foreignNetwork = {
  id: 999,
  name: 'Unconfigured',
  caipNetworkId: 'eip155:999',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
}
