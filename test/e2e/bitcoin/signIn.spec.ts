import { installBitcoinTestWallet } from '../../support/bitcoinWallet/index.js'
import { expect, test } from '../modal/fixtures.js'
import { withBitcoinNetwork } from './bitcoinPage.js'

test.describe.configure({ timeout: 120_000 })

test('SIWX with Bitcoin on examples/siwx: the sats-connect test wallet signs in with BIP-322 and the server session names its payment address', async ({
  page,
  stack,
}) => {
  const node = stack.urls.find((u) => u.part === 'bitcoin')?.url
  if (!node) throw new Error('the stack runs no Bitcoin chain')
  const name = 'Pairwise Bitcoin Sats'
  const wallet = await installBitcoinTestWallet(page, {
    family: 'satsConnect',
    name,
    seed: `e2e-siwx-${test.info().workerIndex}-${Date.now()}`,
    esplora: { regtest: `${node}/api` },
  })
  const [payment] = wallet.accounts
  await withBitcoinNetwork(page, 'Bitcoin Regtest (local)', `${node}/api`)
  await page.goto(`${stack.demoUrl}/siwx/`)
  const status = page.getByTestId('siwx-me')
  await expect(status).toHaveText('Not signed in.')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(name) }).click()
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(status).toHaveText(
    new RegExp(`^Signed in as ${payment?.address} on bip122:0f9188f13cb7b2c71f2a335e3a4fc328`),
  )
  expect(wallet.calls.map((c) => c.method)).toContain('signMessage')
})
