import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from '../../../modal/state/types.js'
import { bundledWallets } from '../../../modal/wallets/bundled.js'
import type { WalletFilters } from '../../../modal/wallets/filter.js'
import { listAllWallets, offeredConnectors } from '../../../modal/wallets/walletList.js'

function announced(name: string, id: string, rdns?: string): ConnectorInfo {
  return { id, type: 'ANNOUNCED', name, chainNamespace: 'eip155', ...(rdns ? { rdns } : {}) }
}

const walletConnect: ConnectorInfo = {
  id: 'walletConnect',
  type: 'WALLET_CONNECT',
  name: 'WalletConnect',
  chainNamespace: 'eip155',
}
const alpha = announced('Alpha', 'com.example.alpha', 'com.example.alpha')
// The registry's `trust` entry has this rdns; the id and the name are not the entry's.
const trustExtension = announced('Trust Wallet', 'com.trustwallet.app', 'com.trustwallet.app')
// The Wallet Standard announces no rdns: only the wallet's name ties it to its EVM connector.
const trustSolana: ConnectorInfo = { ...announced('Trust Wallet', 'trust.solana'), chainNamespace: 'solana' }
const phantomEvm = announced('Phantom', 'app.phantom', 'app.phantom')
const phantomSolana: ConnectorInfo = { ...announced('Phantom', 'phantom.solana'), chainNamespace: 'solana' }

/** All Wallets' rows as `kind id`, EVM active. */
function allWallets(connectors: ConnectorInfo[], filters: WalletFilters = {}): string[] {
  return listAllWallets(connectors, bundledWallets, { filters, activeChain: 'eip155' }).map(
    (item) => `${item.kind} ${item.id}`,
  )
}

describe('All Wallets', () => {
  it('an installed wallet whose rdns is a registry entry’s is excluded, included and featured by that entry’s id', () => {
    const connectors = [walletConnect, alpha, trustExtension]
    expect(allWallets(connectors, { excludeWalletIds: ['trust'] })).not.toContain(
      'installed com.trustwallet.app',
    )
    expect(allWallets(connectors, { includeWalletIds: ['trust'] })).toEqual(['installed com.trustwallet.app'])
    expect(allWallets(connectors, { featuredWalletIds: ['trust'] })[0]).toBe('installed com.trustwallet.app')
    expect(offeredConnectors(connectors, bundledWallets, { excludeWalletIds: ['trust'] })).toEqual([
      walletConnect,
      alpha,
    ])
  })

  it('excluding a registry wallet hides its connectors in every namespace', () => {
    const connectors = [walletConnect, trustExtension, trustSolana, alpha]
    expect(allWallets(connectors, { excludeWalletIds: ['trust'] })).not.toContain('installed trust.solana')
    expect(offeredConnectors(connectors, bundledWallets, { excludeWalletIds: ['trust'] })).toEqual([
      walletConnect,
      alpha,
    ])
  })

  it('a registry wallet announced with its rdns in another case is listed once, as installed', () => {
    const listed = allWallets([walletConnect, announced('MetaMask', 'io.MetaMask', 'io.MetaMask')])
    expect(listed).toContain('installed io.MetaMask')
    expect(listed).not.toContain('walletconnect metamask')
  })

  it('a wallet installed in several namespaces is listed once, with its connector in the active namespace', () => {
    const connectors = [walletConnect, phantomEvm, phantomSolana]
    const listed = listAllWallets(connectors, bundledWallets, { filters: {}, activeChain: 'solana' })
    expect(listed.filter((item) => item.name === 'Phantom').map((item) => `${item.kind} ${item.id}`)).toEqual(
      ['installed phantom.solana'],
    )
  })

  it('opened for a namespace, it lists only the wallets installed in that namespace, and the registry as without one (the registry names no chains)', () => {
    const connectors = [walletConnect, alpha, trustExtension, trustSolana, phantomEvm, phantomSolana]
    const rows = (connectNamespace?: 'solana') =>
      listAllWallets(connectors, bundledWallets, {
        filters: {},
        activeChain: 'eip155',
        connectNamespace,
      }).map((item) => `${item.kind} ${item.id}`)
    const registryRows = (listed: string[]) => listed.filter((row) => !row.startsWith('installed '))
    expect(rows('solana').filter((row) => row.startsWith('installed '))).toEqual([
      'installed trust.solana',
      'installed phantom.solana',
    ])
    expect(registryRows(rows('solana'))).toEqual(registryRows(rows()))
  })

  it('the email login is not listed as an installed wallet', () => {
    const email: ConnectorInfo = { id: 'auth', type: 'AUTH', name: 'Email', chainNamespace: 'eip155' }
    expect(allWallets([walletConnect, email, alpha])).not.toContain('installed auth')
    expect(allWallets([walletConnect, email, alpha])[0]).toBe('installed com.example.alpha')
  })
})
