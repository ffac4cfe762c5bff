import type { Page } from '@playwright/test'
import { openView } from '../support/modalViews.js'
import { expect, test } from './support/embeddedStack.js'

/** Where the slot, the secure frame and the card are, in viewport pixels. */
type Geometry = {
  slot: { top: number; left: number; width: number; height: number }
  frame: { top: number; left: number; width: number; height: number }
  card: { top: number; bottom: number }
  viewportHeight: number
  /** What a click lands on just below the card's bottom edge, inside the slot's columns: 'frame' or not. */
  belowCard: string
  /** What a click lands on at the middle of the slot's visible part. */
  slotMiddle: string
}

async function geometry(page: Page): Promise<Geometry> {
  return page.getByTestId('frame-slot').evaluate((slot) => {
    const card = slot.closest('.card')
    const iframe = document.querySelector('iframe[src*="/frame?"]')
    if (!card || !iframe) throw new Error('no card or frame on the page')
    const box = (element: Element) => {
      const { top, left, width, height } = element.getBoundingClientRect()
      return { top, left, width, height }
    }
    const cardBox = card.getBoundingClientRect()
    const slotBox = slot.getBoundingClientRect()
    const x = slotBox.left + slotBox.width / 2
    const hit = (y: number) => (document.elementFromPoint(x, y) === iframe ? 'frame' : 'page')
    const shownBottom = Math.min(slotBox.bottom, cardBox.bottom)
    return {
      slot: box(slot),
      frame: box(iframe),
      card: { top: cardBox.top, bottom: cardBox.bottom },
      viewportHeight: innerHeight,
      belowCard: hit(cardBox.bottom + 2),
      slotMiddle: hit((Math.max(slotBox.top, cardBox.top) + shownBottom) / 2),
    }
  })
}

/** The largest difference, in pixels, between the frame's rectangle and the slot's. */
async function offset(page: Page): Promise<number> {
  const { slot, frame } = await geometry(page)
  return Math.max(
    Math.abs(frame.top - slot.top),
    Math.abs(frame.left - slot.left),
    Math.abs(frame.width - slot.width),
    Math.abs(frame.height - slot.height),
  )
}

/** Changes the view above the slot, in the page, as a late font or a longer text would. */
async function aboveSlot(page: Page, change: 'lines' | 'font') {
  await page
    .getByTestId('approve-transaction')
    .locator('p')
    .evaluate((text, change) => {
      if (change === 'font') text.style.fontSize = '20px'
      else text.textContent = `${text.textContent} ${'More words that wrap onto further lines. '.repeat(3)}`
    }, change)
}

// Shorter than the view, so that the card scrolls and the slot runs past the card's bottom edge.
test.use({ viewport: { width: 800, height: 600 } })

test('OPEN-14 the secure frame stays on its slot in ApproveTransaction when the text above reflows, the card scrolls or the window resizes, and is never drawn past the card', async ({
  page,
  stack,
}) => {
  await page.goto(`${stack.demoUrl}/embedded/`)
  await page.waitForFunction(() => {
    const detail: { kit?: unknown } = {}
    document.dispatchEvent(new CustomEvent('pairwise:kit-request', { detail }))
    return Boolean(detail.kit)
  })
  await openView(page, 'ApproveTransaction', { method: 'eth_sendTransaction' })
  await expect(page.getByRole('dialog').getByTestId('approve-transaction')).toBeVisible()
  await expect(page.locator('iframe[src*="/frame?"]')).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => offset(page)).toBeLessThanOrEqual(1)
  const before = await geometry(page)

  // Text above the slot gains lines: the slot moves down without changing its size.
  await aboveSlot(page, 'lines')
  await expect.poll(async () => (await geometry(page)).slot.top).toBeGreaterThan(before.slot.top + 20)
  await expect.poll(() => offset(page)).toBeLessThanOrEqual(1)
  // A larger font reflows that text again, as a web font that arrives late does.
  const lines = await geometry(page)
  await aboveSlot(page, 'font')
  await expect.poll(async () => (await geometry(page)).slot.top).toBeGreaterThan(lines.slot.top + 20)
  await expect.poll(() => offset(page)).toBeLessThanOrEqual(1)

  // The slot now runs past the card's bottom edge: below that edge, a click reaches the page, not the frame.
  const overflowing = await geometry(page)
  expect(overflowing.slot.top + overflowing.slot.height).toBeGreaterThan(overflowing.card.bottom + 4)
  expect(overflowing.viewportHeight).toBeGreaterThan(overflowing.card.bottom + 4)
  expect(overflowing.belowCard).toBe('page')
  expect(overflowing.slotMiddle).toBe('frame')

  // Scrolling the card to its end brings the slot up, and the frame with it.
  await page.getByTestId('frame-slot').evaluate((slot) => slot.closest('.card')?.scrollBy(0, 10_000))
  await expect.poll(async () => (await geometry(page)).slot.top).toBeLessThan(overflowing.slot.top - 20)
  await expect.poll(() => offset(page)).toBeLessThanOrEqual(1)
  expect((await geometry(page)).slotMiddle).toBe('frame')

  // A narrower window moves the card and the slot.
  const wide = await geometry(page)
  await page.setViewportSize({ width: 420, height: 600 })
  await expect.poll(async () => (await geometry(page)).slot.left).not.toBe(wide.slot.left)
  await expect.poll(() => offset(page)).toBeLessThanOrEqual(1)
})
