import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { type Catalogue, en } from '../../../modal/i18n/en.js'
import { loadCatalogue } from '../../../modal/i18n/loadCatalogue.js'
import type { Message } from '../../../modal/i18n/message.js'
import { devPrivateKeys, type RunningStack } from '../../../services/index.js'
import { injectTestWallet } from '../../support/browserWallet.js'
import { type SplitPage, serveSplitPage } from '../../support/splitPage.js'
import { TestWallet, WalletRpcError, walletErrorCodes } from '../../support/testWallet.js'
import { fontsSettled, pinFonts, systemFontsUsed, usePinnedFonts } from '../support/pinnedFonts.js'
import { expect, test } from './fixtures.js'

/** Acceptance 2 of issue 17: the modal speaks Japanese and Arabic (right to left) in every view. */

type WithKit = { kit: { open(request?: { view: string; data?: unknown }): Promise<void> } }

/**
 * The fonts are pinned (support/pinnedFonts.ts), so the machine's fonts change nothing; anti-aliasing may still
 * shift a few edge pixels between runs, where a mirrored layout moves thousands.
 */
const screenshotTolerance = { maxDiffPixelRatio: 0.002, animations: 'disabled' } as const

let site: SplitPage
let pageUrl: string

test.beforeAll(async () => {
  // Split, so each locale's catalogue is a file of its own.
  site = await serveSplitPage(
    fileURLToPath(new URL('./pages/locales.ts', import.meta.url)),
    '<appkit-button></appkit-button>',
  )
  pageUrl = site.url
})

test.afterAll(() => site?.close())

/** Lets a test keep a wallet method waiting, then answer it or refuse it as the user would. */
function holdable(wallet: TestWallet) {
  const gates = new Map<string, Promise<boolean>>()
  const request = wallet.request.bind(wallet)
  wallet.request = async (args) => {
    const gate = gates.get(args.method)
    if (gate && !(await gate)) {
      gates.delete(args.method)
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
    }
    return request(args)
  }
  return (method: string) => {
    let answer: (pass: boolean) => void = () => {}
    gates.set(
      method,
      new Promise<boolean>((resolve) => {
        answer = resolve
      }),
    )
    return { refuse: () => answer(false) }
  }
}

/**
 * The page with the test wallet as window.ethereum only (so listed as the browser's wallet) and the modal in
 * `locale`. The wallet's key is one no other spec spends from, so its balance (10,000 tETH), its empty
 * activity and the baseline screenshots hold whatever ran on the stack's chain before.
 */
async function openPage(page: Page, stack: RunningStack, locale: string | undefined) {
  const wallet = new TestWallet({
    chains: { [stack.chain.chainId]: stack.chain.rpcUrl },
    chainId: stack.chain.chainId,
    privateKey: devPrivateKeys[3],
  })
  const hold = holdable(wallet)
  await injectTestWallet(page, wallet, { announce: false, injectWindowEthereum: true })
  await pinFonts(page)
  const query = new URLSearchParams({ rpc: stack.chain.rpcUrl, relay: stack.relay.url })
  if (locale !== undefined) query.set('locale', locale)
  await page.goto(`${pageUrl}?${query}`)
  await page.waitForFunction(() => 'kit' in window)
  await usePinnedFonts(page)
  return { wallet, hold }
}

/** Everything the reader sees or hears of the modal and the page button: text and labelling attributes. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts: string[] = []
    const walk = (node: Node) => {
      if (node instanceof HTMLStyleElement) return
      if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '')
      if (node instanceof Element)
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = node.getAttribute(name)
          if (value) texts.push(value)
        }
      for (const child of node.childNodes) walk(child)
    }
    for (const host of document.querySelectorAll('pairwise-modal, appkit-button'))
      if (host.shadowRoot) walk(host.shadowRoot)
    return texts.join('\n')
  })
}

/** The card as its baseline, drawn by the pinned faces only. */
async function shot(page: Page, name: string) {
  await fontsSettled(page)
  await expect(page.getByTestId('modal-card')).toHaveScreenshot(name, screenshotTolerance)
  expect(await systemFontsUsed(page), `${name}: fonts not pinned`).toEqual([])
}

function formsOf(message: Message): string[] {
  return typeof message === 'string' ? [message] : Object.values(message)
}

/**
 * English catalogue text found in `shown`: each English text's words between its placeholders, unless the
 * locale keeps them too (brands such as WalletConnect).
 */
function englishIn(shown: string, catalogue: Catalogue): string[] {
  const kept = Object.values(catalogue).flatMap((message) => formsOf(message as Message))
  return Object.values(en)
    .flatMap((message) => formsOf(message as Message))
    .flatMap((text) => text.split(/\{\w+\}/).map((part) => part.trim()))
    .filter((part) => /[A-Za-z]{2}/.test(part) && !kept.some((text) => text.includes(part)))
    .filter((part) => shown.includes(part))
}

function direction(page: Page) {
  return page.evaluate(() => {
    const shadow = document.querySelector('pairwise-modal')?.shadowRoot
    const root = shadow?.querySelector('.locale-root')
    const card = shadow?.querySelector('[data-testid="modal-card"]')
    const button = document.querySelector('appkit-button')?.shadowRoot?.querySelector('button')
    return {
      dir: root?.getAttribute('dir'),
      lang: root?.getAttribute('lang'),
      card: card ? getComputedStyle(card).direction : undefined,
      button: button ? getComputedStyle(button).direction : undefined,
    }
  })
}

/** Locale chunks the page fetched (the modal's catalogue, a feature's texts), as `locale file`. */
function watchLocaleChunks(page: Page): string[] {
  const fetched: string[] = []
  page.on('request', (request) => {
    const match = /\/((es|fr|de|pt-BR|it|ja|ko|zh-CN|zh-TW|ru|tr|ar)-[\w-]+\.js)$/.exec(request.url())
    if (match?.[1] && match[2]) fetched.push(`${match[2]} ${match[1]}`)
  })
  return fetched
}

for (const locale of ['ja', 'ar'] as const) {
  test(`locale '${locale}': every view renders with no English catalogue text left${locale === 'ar' ? ', right to left, as the baseline screenshots show' : ''}`, async ({
    page,
    stack,
  }) => {
    const catalogue = await loadCatalogue(locale)
    const chunks = watchLocaleChunks(page)
    const { hold } = await openPage(page, stack, locale)
    const dialog = page.getByRole('dialog')
    const heading = (text: string) => expect(dialog.getByRole('heading', { level: 2 })).toHaveText(text)
    const noEnglish = async (view: string) =>
      expect(englishIn(await shownText(page), catalogue), `English left in ${view}`).toEqual([])
    const back = () => dialog.getByRole('button', { name: catalogue['modal.back'] }).click()

    const button = page.getByTestId('connect-button')
    await expect(button).toHaveText(catalogue['button.connect'])
    await button.click()
    await heading(catalogue['view.Connect'])
    const browserWallet = dialog.getByRole('button', {
      name: new RegExp(catalogue['connector.browserWallet']),
    })
    await expect(browserWallet).toBeVisible()
    const rtl = locale === 'ar'
    expect(await direction(page)).toEqual({
      dir: rtl ? 'rtl' : 'ltr',
      lang: locale,
      card: rtl ? 'rtl' : 'ltr',
      button: rtl ? 'rtl' : 'ltr',
    })
    await noEnglish('Connect')
    if (rtl) await shot(page, 'ar-connect.png')

    await dialog.getByTestId('all-wallets').click()
    await heading(catalogue['view.AllWallets'])
    await noEnglish('AllWallets')
    const search = dialog.getByRole('searchbox', { name: catalogue['allWallets.search'] })
    await search.fill('zzz')
    await expect(dialog.getByText(catalogue['allWallets.empty'].replace('{query}', 'zzz'))).toBeVisible()
    await noEnglish('AllWallets, nothing found')
    await search.fill(catalogue['connector.browserWallet'].slice(0, 2))
    await expect(dialog.getByTestId('all-wallets-list')).toBeVisible()
    await noEnglish('AllWallets, found')
    await back()

    await dialog.getByTestId('wallet-walletConnect').click()
    await heading(catalogue['view.ConnectingWalletConnect'])
    await expect(dialog.getByTestId('wc-uri')).toHaveText(/^wc:/)
    await expect(dialog.getByRole('img', { name: catalogue['wc.scan'] })).toBeVisible()
    await noEnglish('ConnectingWalletConnect')
    await page.evaluate(() =>
      (window as unknown as WithKit).kit.open({ view: 'ConnectingWalletConnectBasic' }),
    )
    await heading(catalogue['view.ConnectingWalletConnectBasic'])
    await expect(dialog.getByTestId('wc-uri')).toHaveText(/^wc:/)
    await noEnglish('ConnectingWalletConnectBasic')
    await page.evaluate(() => (window as unknown as WithKit).kit.open({ view: 'Connect' }))

    const connecting = hold('eth_requestAccounts')
    await browserWallet.click()
    await heading(catalogue['connector.browserWallet'])
    await expect(dialog.getByText(catalogue['external.accept'])).toBeVisible()
    await noEnglish('ConnectingExternal')
    connecting.refuse()
    await expect(dialog.getByRole('alert')).toHaveText(
      `${catalogue['external.declined']}${catalogue['external.declinedHint']}`,
    )
    await noEnglish('ConnectingExternal, declined')
    await dialog.getByRole('button', { name: catalogue['external.retry'] }).click()
    await expect(dialog).toBeHidden()

    await page.getByTestId('account-button').click()
    await heading(catalogue['view.Account'])
    // Written in the locale's digits and grouping: Japanese groups as English does; Arabic as the browser's
    // Intl writes it, Western or Arabic-Indic digits.
    await expect(dialog.getByTestId('account-balance')).toHaveText(
      rtl ? /^(10,000|١٠٬٠٠٠) tETH$/ : /^10,000 tETH$/,
    )
    for (const [tab, label, shown] of [
      [0, 'account.tab.tokens', dialog.getByTestId('token')],
      [1, 'account.tab.nfts', dialog.getByText(catalogue['nfts.empty'])],
      [2, 'account.tab.activity', dialog.getByText(catalogue['activity.empty'])],
    ] as const) {
      await dialog.getByRole('tab', { name: catalogue[label] }).click()
      await expect(dialog.getByTestId(`account-panel-${tab}`)).toBeVisible()
      await expect(shown).toBeVisible()
      await noEnglish(`Account, ${en[label]} tab`)
      if (rtl && tab === 0) {
        // Issue 33: each figure of a token row (its quantity; its US$ value when the api prices it) is isolated
        // left to right, so Intl's "10,000.00 US$" is not reordered into "$US 10,000.00" by the line around it.
        const figures = dialog.getByTestId('token').first().locator('.amount > *')
        await expect(figures.first()).toBeVisible()
        for (const figure of await figures.all()) {
          await expect(figure).toHaveCSS('unicode-bidi', 'isolate')
          await expect(figure).toHaveCSS('direction', 'ltr')
        }
      }
      if (rtl && tab === 0) await shot(page, 'ar-account.png')
    }

    // Right to left, the arrow pointing left moves to the next tab, as the tabs are laid out.
    await dialog.getByRole('tab', { name: catalogue['account.tab.tokens'] }).click()
    await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight')
    await expect(dialog.getByRole('tab', { name: catalogue['account.tab.nfts'] })).toHaveAttribute(
      'aria-selected',
      'true',
    )

    await dialog.getByTestId('account-network').click()
    await heading(catalogue['view.Networks'])
    await expect(dialog.getByText(catalogue['networks.active'])).toBeVisible()
    await noEnglish('Networks')
    const switching = hold('wallet_switchEthereumChain')
    await dialog.getByTestId('network-eip155:31338').click()
    await heading('Anvil 2')
    await expect(dialog.getByText(catalogue['networks.switching'])).toBeVisible()
    await noEnglish('SwitchNetwork')
    switching.refuse()
    // A refusal is shown by its code's text, not the wallet's English words.
    await expect(dialog.getByRole('alert')).toHaveText(
      `${catalogue['networks.switchFailed']}${catalogue['error.USER_REJECTED']}`,
    )
    await noEnglish('SwitchNetwork, declined')

    await page.evaluate(() => (window as unknown as WithKit).kit.open({ view: 'UnsupportedChain' }))
    await heading(catalogue['view.UnsupportedChain'])
    await expect(dialog.getByText(catalogue['unsupported.body'])).toBeVisible()
    await noEnglish('UnsupportedChain')
    await page.evaluate(() =>
      (window as unknown as WithKit).kit.open({ view: 'SwitchActiveChain', data: { namespace: 'solana' } }),
    )
    await heading(catalogue['view.SwitchActiveChain'])
    await expect(
      dialog.getByText(catalogue['switchChain.body'].replace('{namespace}', 'solana')),
    ).toBeVisible()
    await noEnglish('SwitchActiveChain')

    // English ships with the first load; the other locale shown came as chunks of its own, each once: the
    // modal's catalogue, and the texts of Send and Receive (Account's buttons).
    expect(chunks.map((chunk) => chunk.split(' ')[0])).toEqual([locale, locale])
    expect(new Set(chunks).size).toBe(chunks.length)
  })
}

test('without a locale option the browser’s first language the modal speaks is used (ko-KR → ko)', async ({
  browser,
  stack,
}) => {
  const context = await browser.newContext({ locale: 'ko-KR' })
  const page = await context.newPage()
  try {
    const ko = await loadCatalogue('ko')
    await openPage(page, stack, undefined)
    await page.getByTestId('connect-button').click()
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(ko['view.Connect'])
    expect(englishIn(await shownText(page), ko)).toEqual([])
  } finally {
    await context.close()
  }
})

test('an unknown locale falls back to English with one console warning, and loads no locale chunk', async ({
  page,
  stack,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const chunks = watchLocaleChunks(page)
  await openPage(page, stack, 'tlh-Klingon')
  await page.getByTestId('connect-button').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(en['view.Connect'])
  await expect(dialog.getByRole('button', { name: new RegExp(en['connector.browserWallet']) })).toBeVisible()
  expect(await direction(page)).toEqual({ dir: 'ltr', lang: 'en', card: 'ltr', button: 'ltr' })
  expect(warnings.filter((text) => text.includes('tlh-Klingon'))).toHaveLength(1)
  expect(chunks).toEqual([])
})
