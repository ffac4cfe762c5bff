import { fileURLToPath } from 'node:url'
import { type Hex, numberToHex, parseEther, verifyMessage } from 'viem'
import { expect, test } from '../support/browser.js'
import { testWalletInfo } from '../support/browserWallet.js'
import { startChainFixture } from '../support/chain.js'
import { type StaticServer, serveDirectory } from '../support/staticServer.js'

type PageRequest = { method: string; params?: unknown[] }
type Outcome = { result: unknown } | { code: number; message: string }

let site: StaticServer
test.beforeAll(async () => {
  site = await serveDirectory(fileURLToPath(new URL('./pages', import.meta.url)))
})
test.afterAll(async () => {
  await site.close()
})

test.describe('test wallet in the browser', () => {
  test.beforeEach(async ({ page, wallet }) => {
    expect(wallet.isConnected).toBe(false)
    await page.goto(`${site.url}/eip6963.html`)
  })

  /** Sends a request through the provider the page discovered, in the page. */
  const pageRequest = (page: import('@playwright/test').Page, request: PageRequest) =>
    page.evaluate(
      async ([rdns, args]) => {
        const provider = (
          window as unknown as { walletByRdns(r: string): { request(a: unknown): Promise<unknown> } }
        ).walletByRdns(rdns)
        try {
          return { result: await provider.request(args) }
        } catch (error) {
          const { code, message } = error as { code: number; message: string }
          return { code, message }
        }
      },
      [testWalletInfo.rdns, request] as const,
    ) as Promise<Outcome>

  test('is discovered through EIP-6963 once, with its name, rdns and icon', async ({ page }) => {
    await expect(page.getByRole('listitem')).toHaveText([testWalletInfo.name])
    const found = await page.evaluate(() =>
      (
        window as unknown as {
          discoveredWallets(): { name: string; rdns: string; icon: string; uuid: string }[]
        }
      ).discoveredWallets(),
    )
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ name: 'Pairwise Test Wallet', rdns: 'dev.pairwise.testwallet' })
    expect(found[0]?.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(found[0]?.uuid).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('connects, signs a message viem verifies, and sends a transaction that succeeds', async ({
    page,
    wallet,
    chain,
  }) => {
    expect(await pageRequest(page, { method: 'eth_requestAccounts' })).toEqual({ result: [wallet.address] })
    expect(await pageRequest(page, { method: 'eth_chainId' })).toEqual({ result: '0x7a69' })

    const message = 'Sign in to Pairwise'
    const signed = await pageRequest(page, {
      method: 'personal_sign',
      params: [`0x${Buffer.from(message).toString('hex')}`, wallet.address],
    })
    expect('result' in signed).toBe(true)
    if ('result' in signed)
      expect(await verifyMessage({ address: wallet.address, message, signature: signed.result as Hex })).toBe(
        true,
      )

    const recipient = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const before = await chain.publicClient.getBalance({ address: recipient })
    const sent = await pageRequest(page, {
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: recipient, value: numberToHex(parseEther('0.01')) }],
    })
    if (!('result' in sent)) throw new Error(`send failed: ${sent.message}`)
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: sent.result as Hex })
    expect(receipt.status).toBe('success')
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))
  })

  test('a request the user rejects surfaces code 4001 in the page', async ({ page, wallet }) => {
    await pageRequest(page, { method: 'eth_requestAccounts' })
    wallet.rejectNext('personal_sign')
    const outcome = await pageRequest(page, { method: 'personal_sign', params: ['0x6869', wallet.address] })
    expect(outcome).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  test('an unknown chain answers 4902; after add-chain the page sees chainChanged', async ({ page }) => {
    const second = await startChainFixture({ chainId: 31338 })
    try {
      const chainId = numberToHex(second.chainId)
      const unknown = await pageRequest(page, { method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      expect(unknown).toMatchObject({ code: 4902 })
      const added = await pageRequest(page, {
        method: 'wallet_addEthereumChain',
        params: [{ chainId, chainName: 'Anvil 2', rpcUrls: [second.rpcUrl] }],
      })
      expect(added).toEqual({ result: null })
      await expect(page.locator('#chain')).toHaveText(`chain ${chainId}`)
      expect(await pageRequest(page, { method: 'eth_chainId' })).toEqual({ result: chainId })
    } finally {
      await second.stop()
    }
  })
})
