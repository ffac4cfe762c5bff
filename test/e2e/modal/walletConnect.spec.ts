import { verifyMessage } from 'viem'
import { startExampleWallet } from '../../../examples/node/exampleWallet.js'
import { expect, openAccount, test } from './fixtures.js'

test('CONN-12 VIEW-10 the QR view’s URI is paired by the Node example wallet through pairwise relay; Account shows it; a signature request is answered; the api verifies the page’s origin for both', async ({
  page,
  stack,
}) => {
  const wallet = await startExampleWallet({
    relayUrl: stack.relay.url,
    rpcUrl: stack.chain.rpcUrl,
    logger: 'silent',
    verifyUrl: stack.api.url,
  })
  const verified: { method: string; validation: string; origin: string }[] = []
  wallet.client.on('session_proposal', ({ verifyContext }) =>
    verified.push({ method: 'proposal', ...verifyContext.verified }),
  )
  wallet.client.on('session_request', ({ params, verifyContext }) =>
    verified.push({ method: params.request.method, ...verifyContext.verified }),
  )
  try {
    await page.goto(stack.demoUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /WalletConnect/ }).click()
    await expect(dialog.getByRole('img', { name: 'Scan this QR code with your phone' })).toBeVisible()
    const uri = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri)
    await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
    await expect(dialog).toBeHidden()

    await page.getByTestId('sign-message').click()
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(
      await verifyMessage({ address: wallet.address, message: 'Hello from the Pairwise demo', signature }),
    ).toBe(true)
    // The page registered both with the stack's api, which saw its real origin: the one it claims.
    const origin = new URL(stack.demoUrl).origin
    expect(verified).toEqual([
      expect.objectContaining({ method: 'proposal', validation: 'VALID', origin }),
      expect.objectContaining({ method: 'personal_sign', validation: 'VALID', origin }),
    ])

    const account = await openAccount(page)
    await account.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(() => wallet.client.session.getAll().length).toBe(0)
  } finally {
    await wallet.close()
  }
})
