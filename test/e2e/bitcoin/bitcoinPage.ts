import type { Page } from '@playwright/test'

/**
 * Adds a Bitcoin network served by `esploraUrl` to an example page's config tag (bitcoinNetworks) as the
 * parser inserts it, before the page's code reads it: the page takes its Esplora from there, as the
 * multichain page takes the local Solana clusters. (Rewriting the response instead would serve the page
 * from outside the loopback address space, and Chromium would then refuse its calls to the local services.)
 */
export async function withBitcoinNetwork(page: Page, name: string, esploraUrl: string): Promise<void> {
  await page.addInitScript(
    ({ networkName, url }) => {
      const observer = new MutationObserver(() => {
        const tag = document.getElementById('pairwise-demo-config')
        if (!tag?.textContent) return
        observer.disconnect()
        const config = JSON.parse(tag.textContent) as Record<string, unknown>
        config.bitcoinNetworks = [{ chain: 'regtest', name: networkName, esploraUrl: url }]
        tag.textContent = JSON.stringify(config)
      })
      observer.observe(document, { childList: true, subtree: true, characterData: true })
    },
    { networkName: name, url: esploraUrl },
  )
}
