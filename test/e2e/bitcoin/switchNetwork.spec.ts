import type { Page } from '@playwright/test'
import { bitcoinTestAccounts, installBitcoinTestWallet } from '../../support/bitcoinWallet/index.js'
import { type DemoStack, expect, test } from '../modal/fixtures.js'
import { withBitcoinNetwork } from './bitcoinPage.js'

test.describe.configure({ timeout: 180_000 })

const dialog = (page: Page) => page.getByRole('dialog')
const regtestName = 'Bitcoin Regtest (local)'
const signetName = 'Bitcoin Signet (local)'
const signetId = 'bip122:00000008819873e925422c1ff0f99f7c'

/**
 * examples/multichain with a Bitcoin test wallet of `family` connected on the regtest chain through the
 * modal, and signet offered beside it. Signet's Esplora is the local node too: only the switch needs it named.
 */
async function connectOnRegtest(page: Page, stack: DemoStack, family: 'standard' | 'satsConnect') {
  const node = stack.urls.find((u) => u.part === 'bitcoin')?.url
  if (!node) throw new Error('the stack runs no Bitcoin chain')
  const name = family === 'standard' ? 'Pairwise Bitcoin Standard' : 'Pairwise Bitcoin Sats'
  const seed = `e2e-switch-${family}-${test.info().workerIndex}-${Date.now()}`
  const wallet = await installBitcoinTestWallet(page, {
    family,
    name,
    seed,
    esplora: { regtest: `${node}/api` },
  })
  await withBitcoinNetwork(page, regtestName, `${node}/api`, [
    { chain: 'signet', name: signetName, esploraUrl: `${node}/api` },
  ])
  await page.goto(`${stack.demoUrl}/multichain/`)
  await page.locator('appkit-button').getByRole('button').click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(name) })
    .click()
  const [payment] = wallet.accounts
  const connected = `bip122: ${payment?.address} on ${regtestName}`
  await expect(page.getByTestId('mc-account')).toContainText(connected)
  return { wallet, seed, connected }
}

/** The modal opened on the connected account: Network, then `networkId` in the list. */
async function chooseNetwork(page: Page, networkId: string) {
  if (await dialog(page).isVisible()) await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  await page.locator('appkit-button').getByRole('button').click()
  await dialog(page).getByTestId('account-network').click()
  await dialog(page).getByTestId(`network-${networkId}`).click()
}

test('switch network where the wallet supports it (issue 37 acceptance 1): the sats-connect test wallet on examples/multichain moves from regtest to signet through wallet_changeNetwork, and its signet payment and ordinal accounts show', async ({
  page,
  stack,
}) => {
  const { wallet, seed } = await connectOnRegtest(page, stack, 'satsConnect')

  await chooseNetwork(page, signetId)
  const [signetPayment, signetOrdinal] = bitcoinTestAccounts(seed, 'signet')
  await expect(page.getByTestId('mc-account')).toContainText(
    `bip122: ${signetPayment?.address} on ${signetName}`,
  )
  const accounts = page.getByTestId('mc-btc-accounts')
  await expect(accounts).toContainText(`0 payment p2wpkh ${signetPayment?.address}`)
  await expect(accounts).toContainText(`1 ordinal p2tr ${signetOrdinal?.address}`)
  expect(signetPayment?.address).toMatch(/^tb1q/)
  expect(wallet.calls).toContainEqual({ method: 'wallet_changeNetwork', params: { name: 'Signet' } })
})

test('a Bitcoin wallet that cannot be switched from the page (issue 37 acceptance 1): the Wallet Standard test wallet, asked for signet, gets the "switch the network in your wallet" state and stays connected on regtest', async ({
  page,
  stack,
}) => {
  const { wallet, connected } = await connectOnRegtest(page, stack, 'standard')

  const before = wallet.calls.length
  await chooseNetwork(page, signetId)
  const alert = dialog(page).getByTestId('switch-network').getByRole('alert')
  await expect(alert).toContainText(
    `This wallet cannot be switched from the page; switch the network in your wallet to ${signetName}`,
  )
  await expect(page.getByTestId('mc-account')).toContainText(connected)
  // Nothing was asked of the wallet: the standard offers it no switch, so the page does not pretend.
  expect(wallet.calls.slice(before)).toEqual([])
})
