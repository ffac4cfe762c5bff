import { startExampleWallet } from '../../../examples/node/exampleWallet.js'
import { testWalletInfo } from '../../support/browserWallet.js'
import { expect, test } from '../modal/fixtures.js'
import { loadedScripts } from '../support/loadedScripts.js'

const signInPage = (demoUrl: string) => `${demoUrl}/siwx/`

test('SIWX-01 SIWX-02 on examples/siwx the test wallet signs in: the sign view, an HttpOnly session cookie, the session kept across a reload (/siwx/me), then sign out', async ({
  page,
  stack,
  wallet,
  context,
}) => {
  await page.goto(signInPage(stack.demoUrl))
  const status = page.getByTestId('siwx-me')
  await expect(status).toHaveText('Not signed in.')

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) }).click()
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(status).toHaveText(new RegExp(`^Signed in as ${wallet.address} on eip155:31337`))

  const cookies = await context.cookies(stack.api.url)
  const session = cookies.find((c) => c.name.endsWith('pairwise-siwx'))
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
  expect(session?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
  expect(await page.evaluate(() => document.cookie)).not.toContain('pairwise-siwx')
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(session?.value ?? '-')

  await page.reload()
  await expect(status).toHaveText(new RegExp(`^Signed in as ${wallet.address}`))
  await expect(page.getByRole('dialog')).toBeHidden()

  await page.getByTestId('siwx-sign-out').click()
  await expect(status).toHaveText('Not signed in.')
  expect((await context.cookies(stack.api.url)).filter((c) => c.name.endsWith('pairwise-siwx'))).toEqual([])
})

test('SIWX-08 WalletConnect one-click auth: one approval in the Node example wallet gives the session and the sign-in', async ({
  page,
  stack,
}) => {
  const wallet = await startExampleWallet({
    relayUrl: stack.relay.url,
    rpcUrl: stack.chain.rpcUrl,
    logger: 'silent',
  })
  const asked: string[] = []
  wallet.client.on('session_authenticate', () => asked.push('authenticate'))
  wallet.client.on('session_proposal', () => asked.push('proposal'))
  wallet.client.on('session_request', ({ params }) => asked.push(params.request.method))
  try {
    await page.goto(signInPage(stack.demoUrl))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /WalletConnect/ }).click()
    const uri = (await dialog.getByTestId('wc-uri').textContent()) ?? ''
    await wallet.pair(uri)
    await expect(page.getByTestId('siwx-me')).toHaveText(
      new RegExp(`^Signed in as ${wallet.address} on eip155:31337`),
    )
    await expect(dialog).toBeHidden()
    expect(asked).toEqual(['authenticate'])
    expect(wallet.client.session.getAll()).toHaveLength(1)
  } finally {
    await wallet.close()
  }
})

test('a host page without sign-in loads none of its code; the sign-in page does', async ({ page, stack }) => {
  const scripts = loadedScripts(page)
  const signInCode = ['SiwxMessageError', 'siwx-sign-message', 'wants you to sign in with your']

  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await scripts.count()).toBeGreaterThan(3)
  expect(await scripts.markersIn(signInCode)).toEqual([])

  await scripts.forget()
  await page.goto(signInPage(stack.demoUrl))
  await page.waitForLoadState('networkidle')
  expect(await scripts.markersIn(signInCode)).toContain('SiwxMessageError')
})
