import { expect, type Page } from '@playwright/test'

/** A Bitcoin network of the page's config tag, as examples/multichain reads it (`bitcoinNetworks`). */
export type PageBitcoinNetwork = {
  chain: 'regtest' | 'signet' | 'testnet4'
  name: string
  esploraUrl: string
}

/**
 * Adds a Bitcoin network served by `esploraUrl` to an example page's config tag (bitcoinNetworks) as the
 * parser inserts it, before the page's code reads it: the page takes its Esplora from there, as the
 * multichain page takes the local Solana clusters. (Rewriting the response instead would serve the page
 * from outside the loopback address space, and Chromium would then refuse its calls to the local services.)
 * `more` are further networks after it, a switch's targets.
 */
export async function withBitcoinNetwork(
  page: Page,
  name: string,
  esploraUrl: string,
  more: PageBitcoinNetwork[] = [],
): Promise<void> {
  await page.addInitScript(
    ({ networks }) => {
      const observer = new MutationObserver(() => {
        const tag = document.getElementById('pairwise-demo-config')
        if (!tag?.textContent) return
        observer.disconnect()
        const config = JSON.parse(tag.textContent) as Record<string, unknown>
        config.bitcoinNetworks = networks
        tag.textContent = JSON.stringify(config)
      })
      observer.observe(document, { childList: true, subtree: true, characterData: true })
    },
    { networks: [{ chain: 'regtest', name, esploraUrl }, ...more] },
  )
}

/** Sends `sats` to `recipient` with examples/multichain's Bitcoin form; the txid the page shows for it. */
export async function sendWithPageForm(page: Page, recipient: string, sats: number): Promise<string> {
  await page.getByTestId('mc-btc-to').fill(recipient)
  await page.getByTestId('mc-btc-amount').fill(String(sats))
  await page.getByTestId('mc-btc-send').click()
  const shown = page.getByTestId('mc-btc-transaction')
  await expect(shown).toContainText('sent: ')
  const txid = /sent: ([0-9a-f]{64})/.exec((await shown.textContent()) ?? '')?.[1]
  if (!txid) throw new Error(`the page showed no txid: ${await shown.textContent()}`)
  return txid
}
