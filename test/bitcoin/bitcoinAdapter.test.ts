import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BitcoinAdapter,
  type BitcoinProvider,
  bitcoinSignet,
  defineBitcoinNetwork,
  esploraClient,
} from '../../bitcoin/index.js'
import { verifyBip122Signature } from '../../services/api/siwx/verify/bip122.js'
import { type LocalBitcoin, startBitcoinChain } from '../../services/bitcoin/index.js'
import { faucet, mine } from '../services/bitcoin/regtestChain.js'
import type { BitcoinWalletFamily } from '../support/bitcoinWallet/index.js'
import { connectedAccounts, freshAddress } from '../support/bitcoinWallet/index.js'
import { spendOrdinalCoin } from './ordinalSpend.js'
import { pageHost } from './pageHost.js'

let chain: LocalBitcoin
beforeAll(async () => {
  chain = await startBitcoinChain({ host: '127.0.0.1', port: 0 })
})
afterAll(() => chain.close())

const regtest = () =>
  defineBitcoinNetwork({ chain: 'regtest', name: 'Bitcoin Regtest', esploraUrl: `${chain.url}/api` })

/** A page with one test wallet of `family`, the adapter set up on it, and the wallet connected. */
async function connected(family: BitcoinWalletFamily, seed: string) {
  const page = pageHost()
  const handler = page.install({
    family,
    name: `Test ${family}`,
    seed,
    esplora: { regtest: `${chain.url}/api` },
  })
  const adapter = new BitcoinAdapter({ registry: page.registry })
  const network = regtest()
  const stop = adapter.setup(page.context([network, bitcoinSignet]))
  const [connector] = adapter.connectors()
  if (!connector) throw new Error('no connector')
  const result = await adapter.connect({ connectorId: connector.id, network })
  const provider = adapter.getProvider(connector.id) as BitcoinProvider
  return { page, handler, adapter, network, stop, connector, result, provider }
}

describe.each([
  ['standard', 'bip122:Test standard'],
  ['satsConnect', 'bip122:sats-connect:PairwiseTestBitcoin.TestsatsConnect'],
] as const)('BitcoinAdapter with the %s test wallet on the local regtest chain', (family, connectorId) => {
  it('connects with the payment account at index 0 and the ordinal at 1, each with publicKey and path', async () => {
    const { handler, result, provider, connector, stop } = await connected(family, `${family}-accounts`)
    const [payment, ordinal] = handler.accounts as [
      (typeof handler.accounts)[0],
      (typeof handler.accounts)[0],
    ]
    expect(connector.id).toBe(connectorId)
    expect(result.address).toBe(payment.address)
    expect(result.accounts).toEqual([payment.address, ordinal.address])
    expect(provider.accounts).toEqual(connectedAccounts(payment, ordinal))
    stop()
  })

  it('signs BIP-322 messages with both accounts, verified by bip322-js and by the api; a refusal is an error', async () => {
    const { provider, network, stop } = await connected(family, `${family}-sign`)
    for (const account of provider.accounts) {
      const message = `Pairwise ${family} ${account.purpose}`
      const signature = await provider.signMessage({ address: account.address, message })
      expect(Verifier.verifySignature(account.address, message, signature)).toBe(true)
      expect(Verifier.verifySignature(account.address, `${message}!`, signature)).toBe(false)
      expect(
        verifyBip122Signature({
          chainReference: String(network.id),
          address: account.address,
          message,
          signature,
        }),
      ).toBe(true)
    }
    await expect(provider.signMessage({ message: 'please REJECT this' })).rejects.toThrow(/rejected/i)
    // BIP-137 ECDSA where the family offers it (sats-connect's protocol 'ECDSA'); the standard names none.
    const ecdsa = provider.signMessage({ message: 'Pairwise ECDSA', protocol: 'ecdsa' })
    if (family === 'standard') await expect(ecdsa).rejects.toMatchObject({ code: 'UNSUPPORTED_PROTOCOL' })
    else {
      const signature = await ecdsa
      expect(Buffer.from(signature, 'base64')).toHaveLength(65)
      expect(Verifier.verifySignature(provider.address, 'Pairwise ECDSA', signature)).toBe(true)
    }
    stop()
  })

  it('sends 12,345 sats the regtest node accepts; mined, both balances move by the amount and the fee', async () => {
    const { provider, adapter, network, stop } = await connected(family, `${family}-send`)
    const esplora = esploraClient(`${chain.url}/api`)
    await faucet(chain, provider.address, 1_000_000)
    const recipient = freshAddress(`${family}-recipient-${Date.now()}`)
    const before = await provider.getBalance()
    expect(before).toBe(1_000_000n)
    const txid = await provider.sendTransfer({ recipient, amount: '12345' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await mine(chain)
    const status = (await fetch(`${chain.url}/api/tx/${txid}/status`).then((r) => r.json())) as {
      confirmed: boolean
    }
    expect(status.confirmed).toBe(true)
    const [activity] = await provider.getActivity()
    expect(activity?.txid).toBe(txid)
    expect(activity?.fee).toBeGreaterThan(0n)
    expect(activity?.delta).toBe(-(12_345n + (activity?.fee ?? 0n)))
    expect(await provider.getBalance()).toBe(before - 12_345n - (activity?.fee ?? 0n))
    expect(await esplora.balance(recipient)).toBe(12_345n)
    expect(await adapter.getBalance({ address: recipient, network })).toEqual({
      balance: '0.00012345',
      symbol: 'tBTC',
    })
    stop()
  })

  it('signs a PSBT spending the ordinal (taproot) account and broadcasts it, the wallet or the app sending it', async () => {
    const { provider, stop } = await connected(family, `${family}-psbt`)
    const ordinal = provider.accounts[1] as (typeof provider.accounts)[number]
    await spendOrdinalCoin(chain, provider, ordinal, freshAddress(`${family}-psbt-to`))
    stop()
  })

  it('reconnects silently after a reload of the page: no prompt, the same accounts', async () => {
    const { page, handler, network, stop, result } = await connected(family, `${family}-reload`)
    stop()
    const again = new BitcoinAdapter({ registry: page.registry })
    const stopAgain = again.setup(page.context([network]))
    const calls = handler.calls.length
    const restored = await again.reconnect({ connectorId, network })
    expect(restored?.accounts).toEqual(result.accounts)
    expect(handler.calls.slice(calls).map((c) => c.method)).not.toContain(
      family === 'standard' ? 'bitcoin:connect' : 'getAccounts',
    )
    stopAgain()
  })
})

describe('BitcoinAdapter network switching', () => {
  it('switches a sats-connect wallet with wallet_changeNetwork and takes its signet accounts', async () => {
    const { adapter, connector, provider, page, stop, handler } = await connected('satsConnect', 'switch')
    await adapter.switchNetwork({ connectorId: connector.id, network: bitcoinSignet })
    expect(handler.chain).toBe('signet')
    expect(provider.network).toBe(bitcoinSignet)
    expect(provider.address).toMatch(/^tb1q/)
    expect(page.events).toContainEqual({
      type: 'accountChanged',
      connectorId: connector.id,
      address: provider.address,
      accounts: provider.accounts.map((a) => a.address),
    })
    stop()
  })

  it('asks the user to switch in a Wallet Standard wallet that offers no switch', async () => {
    const { adapter, connector, stop } = await connected('standard', 'switch')
    await expect(
      adapter.switchNetwork({ connectorId: connector.id, network: bitcoinSignet }),
    ).rejects.toMatchObject({
      code: 'SWITCH_IN_WALLET',
      message: expect.stringContaining('switch the network in your wallet to Bitcoin Signet'),
    })
    stop()
  })
})
