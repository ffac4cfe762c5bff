import { demoDistDir, type RunningDemo, serveDemo } from '../../../services/index.js'
import { testWalletInfo } from '../../support/browserWallet.js'
import { expect, test } from './fixtures.js'
import { expectPaintsAsFast, startHangingServer } from './outages.js'

test("the button and the wallet list never wait on the network: with the relay and the wallet registry (the modal's api) hanging, neither paints later, and injected wallets still connect", async ({
  page,
  stack,
  wallet,
}) => {
  const relay = await startHangingServer('ws')
  const registry = await startHangingServer('http')
  const demos: RunningDemo[] = []
  const demo = async (services: { relayUrl: string; walletRegistryUrl?: string }) => {
    const running = await serveDemo({
      dir: demoDistDir(),
      host: '127.0.0.1',
      port: 0,
      config: {
        networks: [{ id: stack.chain.chainId, name: 'Anvil', rpcUrl: stack.chain.rpcUrl }],
        ...services,
      },
    })
    demos.push(running)
    return running.url
  }
  try {
    const timings = await expectPaintsAsFast(
      page,
      await demo({ relayUrl: stack.relay.url }),
      await demo({ relayUrl: relay.url, walletRegistryUrl: registry.url }),
      'with the relay and the registry hanging',
    )
    // The registry was asked (in the background) and never answered; the relay is not even dialled
    // before WalletConnect is chosen.
    expect(registry.connections()).toBeGreaterThan(0)
    expect(relay.connections()).toBe(0)
    await expect(page.getByRole('dialog').getByRole('button', { name: /All Wallets/i })).toBeVisible()

    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(testWalletInfo.name) })
      .click()
    await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
    test.info().annotations.push({ type: 'timings', description: JSON.stringify(timings) })
  } finally {
    for (const running of demos) await running.close()
    await relay.close()
    await registry.close()
  }
})
