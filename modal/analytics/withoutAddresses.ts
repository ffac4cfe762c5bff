/** What an address in an analytics text is replaced with. */
const addressPlaceholder = '[address]'

// EVM (0x and 40 hex digits), Bitcoin bech32 (mainnet, the test networks, regtest), and base58 runs the length
// of a Solana or legacy Bitcoin address. A base58 run counts only with a digit in it: long identifiers in a
// wallet's error text (`ConnectorNotConnectedError`) are base58 too, but have none.
const evmAddress = /\b0x[0-9a-fA-F]{40}\b/g
const bech32Address = /\b(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}\b/gi
const base58Run = /\b[1-9A-HJ-NP-Za-km-z]{25,44}\b/g

/**
 * `text` with every wallet address in it replaced: analytics never sends who the visitor is, and a wallet's
 * error text or the page's path (`/portfolio/0x…`) may name the account.
 */
export function withoutAddresses(text: string): string {
  return text
    .replace(evmAddress, addressPlaceholder)
    .replace(bech32Address, addressPlaceholder)
    .replace(base58Run, (run) => (/[1-9]/.test(run) ? addressPlaceholder : run))
}
