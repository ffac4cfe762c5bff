import { createServer, type Server, type Socket } from 'node:net'
import type { Page } from '@playwright/test'
import { testWalletInfo } from '../../support/browserWallet.js'
import { expect } from './fixtures.js'

/** A server that accepts connections and never answers: the worst kind of outage for a client. */
export async function startHangingServer(scheme: 'ws' | 'http'): Promise<{
  url: string
  connections: () => number
  close(): Promise<void>
}> {
  const sockets = new Set<Socket>()
  let accepted = 0
  const server: Server = createServer((socket) => {
    accepted++
    sockets.add(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** Milliseconds from navigation to the button, and from the click to the wallet list. */
export type PaintTimes = { button: number; list: number }

/** Loads `url`, opens the modal and measures both {@link PaintTimes}. */
export async function paintTimes(page: Page, url: string): Promise<PaintTimes> {
  const start = Date.now()
  await page.goto(url)
  const button = page.getByRole('button', { name: 'Connect Wallet' })
  await expect(button).toBeVisible()
  const buttonMs = Date.now() - start
  const clicked = Date.now()
  await button.click()
  await expect(
    page.getByRole('dialog').getByRole('button', { name: new RegExp(testWalletInfo.name) }),
  ).toBeVisible()
  return { button: buttonMs, list: Date.now() - clicked }
}

/**
 * Asserts the page at `candidateUrl` paints the button and the wallet list no later than the one at
 * `baselineUrl`, in interleaved rounds compared fastest against slowest: one slow load on a busy machine
 * is noise, while waiting on a failing service slows every candidate load by at least the wait. Ends on
 * the candidate with its modal open.
 */
export async function expectPaintsAsFast(
  page: Page,
  baselineUrl: string,
  candidateUrl: string,
  label: string,
): Promise<{ baseline: PaintTimes[]; candidate: PaintTimes[] }> {
  const baseline: PaintTimes[] = []
  const candidate: PaintTimes[] = []
  for (let round = 0; round < 3; round++) {
    baseline.push(await paintTimes(page, baselineUrl))
    candidate.push(await paintTimes(page, candidateUrl))
  }
  for (const step of ['button', 'list'] as const) {
    const slowestBaseline = Math.max(...baseline.map((times) => times[step]))
    const fastestCandidate = Math.min(...candidate.map((times) => times[step]))
    expect(fastestCandidate, `${step} ${label}`).toBeLessThan(
      Math.max(2 * slowestBaseline, slowestBaseline + 1000),
    )
  }
  return { baseline, candidate }
}
