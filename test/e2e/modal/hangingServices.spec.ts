import { createServer, type Server, type Socket } from 'node:net'
import type { Page } from '@playwright/test'
import { demoDistDir, type RunningDemo, serveDemo } from '../../../services/index.js'
import { testWalletInfo } from '../../support/browserWallet.js'
import { expect, test } from './fixtures.js'

/** A server that accepts connections and never answers: the worst kind of outage for a client. */
async function startHangingServer(): Promise<{
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
    url: `ws://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** Milliseconds from navigation to the button, and from the click to the wallet list. */
async function paintTimes(page: Page, url: string): Promise<{ button: number; list: number }> {
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

test('the button and the wallet list never wait on the network: a hanging relay changes neither, and injected wallets still connect', async ({
  page,
  stack,
  wallet,
}) => {
  const hanging = await startHangingServer()
  const demos: RunningDemo[] = []
  const demo = async (relayUrl: string) => {
    const running = await serveDemo({
      dir: demoDistDir(),
      host: '127.0.0.1',
      port: 0,
      config: {
        networks: [{ id: stack.chain.chainId, name: 'Anvil', rpcUrl: stack.chain.rpcUrl }],
        relayUrl,
      },
    })
    demos.push(running)
    return running.url
  }
  try {
    const healthy = await paintTimes(page, await demo(stack.relay.url))
    const hangingUrl = await demo(hanging.url)
    const degraded = await paintTimes(page, hangingUrl)
    expect(degraded.button).toBeLessThan(Math.max(2 * healthy.button, healthy.button + 1000))
    expect(degraded.list).toBeLessThan(Math.max(2 * healthy.list, healthy.list + 1000))
    expect(hanging.connections()).toBe(0)

    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(testWalletInfo.name) })
      .click()
    await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
    test.info().annotations.push({ type: 'timings', description: JSON.stringify({ healthy, degraded }) })
  } finally {
    for (const running of demos) await running.close()
    await hanging.close()
  }
})
