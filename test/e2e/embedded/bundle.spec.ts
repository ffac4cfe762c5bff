import { loadedScripts } from '../support/loadedScripts.js'
import { expect, test } from './support/embeddedStack.js'

test('a host page with email off loads none of the embedded wallet (no email field, no frame client, no frame); the embedded page loads them when the modal opens', async ({
  page,
  stack,
}) => {
  const scripts = loadedScripts(page)
  const frames: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(stack.authUrl)) frames.push(request.url())
  })
  // The plug-in's own words (@pairwise/modal/email), the login flag it reads at start, the email field, the frame
  // channel's handshake, the in-frame approval view's marker and the email views' words (their texts ship
  // with their chunk, not the modal's catalogue).
  const embeddedCode = [
    'Invalid emailLogin options',
    'EMAIL_LOGIN_USED_KEY',
    'email-connect',
    'PAIRWISE_FRAME_INIT',
    'approve-transaction',
    'Continue with Email',
    'approve this device',
  ]

  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await scripts.count()).toBeGreaterThan(3)
  expect(await scripts.markersIn(embeddedCode)).toEqual([])
  expect(frames).toEqual([])

  await scripts.forget()
  await page.goto(`${stack.demoUrl}/embedded/`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog').getByTestId('email-connect')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await scripts.markersIn(embeddedCode)).toEqual(
    expect.arrayContaining(['Invalid emailLogin options', 'email-connect']),
  )
  // FRAME-01: no login recorded, so the frame is not loaded before the visitor asks for one.
  expect(frames).toEqual([])
})

test('SOC-02 the social login code loads only with socials on: a page with email on and socials off (actions) loads none of it, the embedded page loads its buttons with the modal', async ({
  page,
  stack,
}) => {
  const scripts = loadedScripts(page)
  // The buttons' list, the popup's window name and the closed-window failure: each only in the social chunks.
  const socialCode = ['social-login-list', 'pairwise-social', 'SocialWindowClosed']

  await page.goto(`${stack.demoUrl}/actions/`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog').getByTestId('email-connect')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await scripts.markersIn(socialCode)).toEqual([])

  await scripts.forget()
  await page.goto(`${stack.demoUrl}/embedded/`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog').getByTestId('social-google')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await scripts.markersIn(socialCode)).toEqual(
    expect.arrayContaining(['social-login-list', 'pairwise-social']),
  )
})
