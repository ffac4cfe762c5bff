import type { Locator, Page } from '@playwright/test'
import jsQRModule from 'jsqr'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  formatUnits,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { formatAmount } from '../../../modal/index.js'
import { devPrivateKeys, localNetwork } from '../../../services/index.js'
import { DEMO_PROJECT_ID } from '../../../services/stack/demoProject.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import { registerNameWithApi } from '../actions/registerName.js'
import { connectTestWallet, type DemoStack, expect, openAccount, test } from './fixtures.js'

// jsqr is a UMD bundle whose module.exports is the function; its types describe an ES module's default.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default

const recipient = privateKeyToAccount(devPrivateKeys[3] as Hex).address

/** Account → Send: fills the form, reviews it and confirms; returns the Send dialog. */
async function send(
  page: Page,
  account: Locator,
  { token, amount, to = recipient }: { token?: Address; amount: string; to?: string },
) {
  await account.getByTestId('account-send').click()
  const dialog = page.getByRole('dialog', { name: 'Send' })
  // By the token's contract: other tests on the same stack may have given the wallet a token of the same name.
  if (token) {
    const picker = dialog.getByTestId('send-token')
    await picker.click()
    const options = dialog.getByRole('listbox').getByRole('option')
    const values = await options.evaluateAll((each) =>
      each.map((option) => option.getAttribute('data-value')),
    )
    const value = values.find((one) => one?.toLowerCase() === token.toLowerCase()) ?? token
    await options.and(dialog.locator(`[data-value="${value}"]`)).click()
    await expect(picker).toHaveAttribute('data-value', value)
    await expect(picker).toHaveAttribute('aria-expanded', 'false')
  }
  await dialog.getByTestId('send-amount').fill(amount)
  await dialog.getByTestId('send-recipient').fill(to)
  await expect(dialog.getByTestId('send-fee')).toContainText(/Network fee: [\d.,<\s]+ tETH/)
  await dialog.getByTestId('send-review').click()
  await expect(dialog.getByTestId('send-summary')).toContainText(to)
  await dialog.getByTestId('send-confirm').click()
  return dialog
}

function clients(stack: DemoStack) {
  const chain = localNetwork(stack.chain.rpcUrl, stack.chain.chainId)
  return {
    reader: createPublicClient({ chain, transport: http(stack.chain.rpcUrl) }),
    anvil: createTestClient({ chain, mode: 'anvil', transport: http(stack.chain.rpcUrl) }),
  }
}

test('VIEW-07 CALL-10 Account → Send moves 0.01 tETH and 5 tUSD to the recipient; Tokens and Activity show both', async ({
  page,
  stack,
  wallet,
}) => {
  test.setTimeout(90_000)
  const { reader } = clients(stack)
  const testUsd = stack.fixtures.testUsd
  const tUsdOf = (address: Address) => tokenBalance(reader, testUsd, address)
  const [ethBefore, usdBefore, senderUsdBefore] = await Promise.all([
    reader.getBalance({ address: recipient }),
    tUsdOf(recipient),
    tUsdOf(wallet.address),
  ])
  await connectTestWallet(page, stack.demoUrl, wallet.address)

  let account = await openAccount(page)
  let dialog = await send(page, account, { amount: '0.01' })
  await expect(dialog.getByTestId('send-status')).toHaveAttribute('data-phase', 'success', {
    timeout: 20_000,
  })
  await expect(dialog.getByTestId('send-status')).toHaveText('Sent 0.01 tETH.')
  expect(await reader.getBalance({ address: recipient })).toBe(ethBefore + parseEther('0.01'))
  await dialog.getByTestId('send-done').click()

  account = page.getByRole('dialog', { name: 'Account' })
  dialog = await send(page, account, { token: testUsd, amount: '5' })
  await expect(dialog.getByTestId('send-status')).toHaveAttribute('data-phase', 'success', {
    timeout: 20_000,
  })
  expect(await tUsdOf(recipient)).toBe(usdBefore + 5_000_000n)
  await dialog.getByTestId('send-done').click()

  // Other specs on this worker's stack may have left the account a balance with cents.
  const left = formatAmount(formatUnits(senderUsdBefore - 5_000_000n, 6), 'en', { minimumFractionDigits: 2 })
  await account.getByRole('tab', { name: 'Tokens' }).click()
  // The fixture's row, found by the balance the chain holds (another test may have made a token of its name).
  await expect(account.getByTestId('token').filter({ hasText: `${left} tUSD` })).toBeVisible({
    timeout: 10_000,
  })
  // The api's indexer follows the chain: the Activity tab shows the sends once it has read their block.
  await expect(async () => {
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await account.getByRole('tab', { name: 'Activity' }).click()
    const items = account.getByTestId('activity-item')
    // Other tests on the same stack send from this wallet too: the rows are found by recipient and amount.
    const toRecipient = items.filter({ hasText: `Sent to ${recipient.slice(0, 6)}…${recipient.slice(-4)}` })
    await expect(toRecipient.filter({ hasText: '−5.00 tUSD' }).first()).toBeVisible({ timeout: 1_000 })
    await expect(toRecipient.filter({ hasText: '−0.01 tETH' }).first()).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
})

test('VIEW-08 Account → Receive shows the address with the network and a QR code that decodes to it', async ({
  page,
  stack,
  wallet,
  context,
}) => {
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  const account = await openAccount(page)
  await account.getByTestId('account-receive').click()
  const dialog = page.getByRole('dialog', { name: 'Receive' })
  await expect(dialog.getByTestId('receive-address')).toHaveText(wallet.address)
  await expect(dialog.getByTestId('receive-network')).toHaveText('Network: Anvil')
  const png = await dialog.getByTestId('receive-qr').locator('.qr').screenshot()
  // Decoded to pixels in a blank page (no page policy on data: images), then read by jsQR.
  const blank = await context.newPage()
  const pixels = await blank.evaluate(async (base64) => {
    const image = new Image()
    image.src = `data:image/png;base64,${base64}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const drawing = canvas.getContext('2d')
    if (!drawing) throw new Error('no 2d canvas')
    drawing.drawImage(image, 0, 0)
    const { data, width, height } = drawing.getImageData(0, 0, image.width, image.height)
    return { data: Array.from(data), width, height }
  }, png.toString('base64'))
  await blank.close()
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)
  expect(code?.data).toBe(wallet.address)
})

test('PROV-05 a send the wallet replaces with the same nonce and a higher fee is reported as repriced', async ({
  page,
  stack,
  wallet,
}) => {
  test.setTimeout(60_000)
  const { reader, anvil } = clients(stack)
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  const account = await openAccount(page)
  await anvil.setAutomine(false)
  try {
    const dialog = await send(page, account, { amount: '0.01' })
    await expect(dialog.getByTestId('send-status')).toHaveAttribute('data-phase', 'pending')
    const hash = (await dialog.getByTestId('send-hash').textContent())?.match(/0x[0-9a-f]{64}/)?.[0] as Hex
    const pending = await reader.getTransaction({ hash })
    // Let the receipt wait read the pending transaction before the pool drops it for its replacement.
    await page.waitForTimeout(1_000)
    const resend = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[0] as Hex),
      chain: reader.chain,
      transport: http(stack.chain.rpcUrl),
    })
    const replacement = await resend.sendTransaction({
      to: pending.to as Address,
      value: pending.value,
      data: pending.input,
      nonce: pending.nonce,
      gas: pending.gas,
      maxFeePerGas: (pending.maxFeePerGas ?? 0n) * 2n,
      maxPriorityFeePerGas: (pending.maxPriorityFeePerGas ?? 0n) * 2n + 1n,
    })
    await anvil.mine({ blocks: 1 })
    await expect(dialog.getByTestId('send-replaced')).toHaveAttribute('data-reason', 'repriced', {
      timeout: 15_000,
    })
    await expect(dialog.getByTestId('send-replaced')).toHaveText(
      'Transaction repriced: the wallet sent it again with a higher fee.',
    )
    await expect(dialog.getByTestId('send-status')).toHaveAttribute('data-phase', 'success')
    await expect(dialog.getByTestId('send-hash')).toContainText(replacement)
  } finally {
    await anvil.setAutomine(true)
  }
})

test('a send to a name: one registered with the api resolves through the stack’s universal resolver, and the tETH reaches its address', async ({
  page,
  stack,
  wallet,
}) => {
  test.setTimeout(60_000)
  const { reader } = clients(stack)
  const name = `send-${Date.now().toString(36)}.pairwise.eth`
  const owner = await registerNameWithApi(stack, DEMO_PROJECT_ID, name)
  expect(owner.answer.status, await owner.answer.clone().text()).toBe(200)
  await connectTestWallet(page, stack.demoUrl, wallet.address)

  const dialog = await send(page, await openAccount(page), { amount: '0.01', to: name })
  await expect(dialog.getByTestId('send-status')).toHaveAttribute('data-phase', 'success', {
    timeout: 20_000,
  })
  expect(await reader.getBalance({ address: owner.address })).toBe(parseEther('0.01'))
})
