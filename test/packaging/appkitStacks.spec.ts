import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { verifyMessage } from 'viem'
import { type LocalChain, startChain } from '../../services/index.js'
import { injectTestWallet, testWalletInfo } from '../support/browserWallet.js'
import { freePort } from '../support/ports.js'
import { serveDirectory } from '../support/staticServer.js'
import { TestWallet } from '../support/testWallet.js'
import { removeFolder } from './removeFolder.js'
import {
  buildApp,
  installStack,
  ourPeerEdges,
  packPackages,
  sharedPins,
  stackFolder,
  stackName,
  stacks,
  type Tarballs,
} from './stacks.js'

type Chains = { a: LocalChain; b: LocalChain }
type Work = { folder: string; tarballs: Tarballs; cache: string }

/**
 * Installs, builds and drives one AppKit-style app per stack. Slow by nature (real `npm install`s from the
 * registry): the first install of a wagmi major takes the better part of a minute, the React swap after
 * it a few seconds. npm's cache lives across runs in the temp folder, so a second run mostly copies.
 */
const test = base.extend<object, { chains: Chains; work: Work }>({
  chains: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const a = await startChain({ port: await freePort(), chainId: 31337 })
      const b = await startChain({ port: await freePort(), chainId: 31338 })
      await use({ a, b })
      await Promise.all([a.stop(), b.stop()])
    },
    { scope: 'worker' },
  ],
  work: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const folder = mkdtempSync(join(tmpdir(), 'pairwise-appkit-stacks-'))
      const cache = join(tmpdir(), 'pairwise-packaging-npm-cache')
      mkdirSync(cache, { recursive: true })
      await use({ folder, tarballs: await packPackages(folder), cache })
      await removeFolder(folder)
    },
    // Packing every package beside another spec's production build.
    { scope: 'worker', timeout: 120_000 },
  ],
})

/** The deepest focused element's text, through open shadow roots. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active?.textContent?.trim() ?? ''
  })

for (const stack of stacks) {
  test(`an AppKit 1.7.13-style app installs and runs on ${stackName(stack)}: open, connect, switch network, sign, reload, disconnect`, async ({
    page,
    chains,
    work,
  }, testInfo) => {
    // About a minute for the install, and room for a second one after a stalled first (npmInstall.ts).
    test.setTimeout(240_000)
    const folder = stackFolder(work.folder, stack)
    mkdirSync(folder, { recursive: true })
    const install = await installStack(folder, stack, work.tarballs, work.cache)
    // npm accepted the pins; check it did so by our ranges, not by overriding them.
    expect(await ourPeerEdges(folder)).toEqual([
      { name: 'react', version: stack.react, invalid: undefined },
      { name: 'react-dom', version: stack.react, invalid: undefined },
      { name: 'wagmi', version: stack.wagmi, invalid: undefined },
      { name: '@tanstack/react-query', version: sharedPins['@tanstack/react-query'], invalid: undefined },
    ])
    const built = Date.now()
    const server = await serveDirectory(await buildApp(folder))
    testInfo.annotations.push({
      type: 'timing',
      description: `install ${install.seconds.toFixed(1)} s, type-check and build ${((Date.now() - built) / 1000).toFixed(1)} s${
        install.peerWarnings.length > 0 ? `; npm warned: ${install.peerWarnings.join(' | ')}` : ''
      }`,
    })

    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const wallet = new TestWallet({
      chains: { [chains.a.chainId]: chains.a.rpcUrl, [chains.b.chainId]: chains.b.rpcUrl },
      chainId: chains.a.chainId,
    })
    await injectTestWallet(page, wallet)
    const query = new URLSearchParams({
      a: chains.a.rpcUrl,
      aId: String(chains.a.chainId),
      b: chains.b.rpcUrl,
      bId: String(chains.b.chainId),
    })
    try {
      await page.goto(`${server.url}/?${query}`)
      const connectButton = page.getByRole('button', { name: 'Connect Wallet' })
      const dialog = page.getByRole('dialog')

      // Open: the dialog takes focus, Escape closes it and gives focus back (useAppKitState follows).
      await connectButton.focus()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible()
      await expect(page.getByTestId('modal-open')).toHaveText('true')
      expect(await dialog.evaluate((el) => el.contains((el.getRootNode() as ShadowRoot).activeElement))).toBe(
        true,
      )
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('modal-open')).toHaveText('false')
      await expect.poll(() => focusedText(page)).toBe('Connect Wallet')

      // Connect: the EIP-6963 wallet is listed; the modal's hooks and wagmi's agree on the account.
      await connectButton.click()
      await dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) }).click()
      await expect(page.getByTestId('appkit-address')).toHaveText(wallet.address)
      await expect(page.getByTestId('wagmi-address')).toHaveText(wallet.address)
      await expect(page.getByTestId('appkit-status')).toHaveText('connected')
      await expect(page.getByTestId('wagmi-chain')).toHaveText(String(chains.a.chainId))
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('network-button')).toContainText('Chain A')

      // Switch network in the modal (opened by useAppKit on its Networks view), then back through
      // useAppKitNetwork: each time the wallet, the modal's state and wagmi's move together.
      await page.getByRole('button', { name: 'Open networks' }).click()
      await dialog.getByTestId(`network-eip155:${chains.b.chainId}`).click()
      await expect(page.getByTestId('appkit-chain')).toHaveText(String(chains.b.chainId))
      await expect(page.getByTestId('wagmi-chain')).toHaveText(String(chains.b.chainId))
      await expect(page.getByTestId('network-button')).toContainText('Chain B')
      await expect(dialog).toBeHidden()
      expect(wallet.chainId).toBe(chains.b.chainId)
      await page.getByRole('button', { name: 'Switch to Chain A' }).click()
      await expect(page.getByTestId('appkit-chain')).toHaveText(String(chains.a.chainId))
      await expect(page.getByTestId('wagmi-chain')).toHaveText(String(chains.a.chainId))
      await expect(page.getByTestId('network-button')).toContainText('Chain A')
      expect(wallet.chainId).toBe(chains.a.chainId)

      // Sign through wagmi's useSignMessage: the wallet's signature over the sign-in message the app made
      // with the packaged siwx entry.
      const message = (await page.getByTestId('message').textContent()) ?? ''
      expect(message).toMatch(
        new RegExp(
          `^${new URL(page.url()).host} wants you to sign in with your Ethereum account:\\n${wallet.address}\\n`,
        ),
      )
      await page.getByRole('button', { name: 'Sign message' }).click()
      await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
      const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
      expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)

      // Reload: wagmi reconnects through our connector, and both sides show the account again unasked.
      await page.reload()
      await expect(page.getByTestId('appkit-address')).toHaveText(wallet.address)
      await expect(page.getByTestId('wagmi-address')).toHaveText(wallet.address)
      await expect(page.getByTestId('wagmi-chain')).toHaveText(String(chains.a.chainId))
      await expect(dialog).toBeHidden()

      // Disconnect through useDisconnect: both sides forget the account, the button asks to connect again.
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await expect(page.getByTestId('appkit-address')).toHaveText('')
      await expect(page.getByTestId('wagmi-address')).toHaveText('')
      await expect(page.getByTestId('appkit-status')).toHaveText('disconnected')
      await expect(connectButton).toBeVisible()
      await page.reload()
      await expect(connectButton).toBeVisible()
      await expect(page.getByTestId('wagmi-address')).toHaveText('')
      expect(errors).toEqual([])
    } finally {
      await server.close()
    }
  })
}
