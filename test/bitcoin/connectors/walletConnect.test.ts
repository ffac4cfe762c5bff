import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BitcoinAdapter, type BitcoinProvider, defineBitcoinNetwork } from '../../../bitcoin/index.js'
import type { UniversalProvider } from '../../../engine/index.js'
import { createEngineTransport } from '../../../modal/adapters/walletConnect/engineTransport.js'
import type { WalletConnectTransport } from '../../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../../modal/controllers/connection.js'
import { verifyBip122Signature } from '../../../services/api/siwx/verify/bip122.js'
import { type LocalBitcoin, startBitcoinChain } from '../../../services/bitcoin/index.js'
import { MemoryStorage } from '../../../storage/index.js'
import { nextEvent, useTestRelay, walletMetadata } from '../../engine/support/harness.js'
import { createKit, unreachableRpcUrl } from '../../modal/support/kit.js'
import { faucet, mine } from '../../services/bitcoin/regtestChain.js'
import { connectedAccounts, esploraBalance, freshAddress } from '../../support/bitcoinWallet/index.js'
import {
  testChainId,
  WalletConnectBitcoinWallet,
  type WalletConnectBitcoinWalletOptions,
} from '../../support/bitcoinWallet/walletConnect.js'
import { spendOrdinalCoin } from '../ordinalSpend.js'
import { pageHost } from '../pageHost.js'

const harness = useTestRelay()
let chain: LocalBitcoin
beforeAll(async () => {
  chain = await startBitcoinChain({ host: '127.0.0.1', port: 0 })
})
afterAll(() => chain.close())

/**
 * A kit with the Bitcoin adapter and the engine's WalletConnect transport on the test relay, configured
 * for regtest (the local node), signet and testnet4; and our engine as the wallet, serving regtest and signet.
 */
async function bitcoinKit(seed: string, methods?: WalletConnectBitcoinWalletOptions['methods']) {
  const other = await unreachableRpcUrl()
  const regtest = defineBitcoinNetwork({ chain: 'regtest', name: 'Regtest', esploraUrl: `${chain.url}/api` })
  const signet = defineBitcoinNetwork({ chain: 'signet', name: 'Signet', esploraUrl: other })
  const testnet4 = defineBitcoinNetwork({ chain: 'testnet4', name: 'Testnet4', esploraUrl: other })
  const networks = [regtest, signet, testnet4]
  let transport: Promise<WalletConnectTransport> | undefined
  const factory = () => {
    transport ??= createEngineTransport({
      relayUrl: harness.relay.url,
      projectId: 'test',
      networks,
      storage: new MemoryStorage(),
    })
    return transport
  }
  const page = pageHost()
  const kit = createKit({
    options: { networks, adapters: [new BitcoinAdapter({ registry: page.registry })] },
    environment: { target: page.target, walletConnect: factory },
  })
  const client = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
  const wallet = new WalletConnectBitcoinWallet(client, {
    seed,
    chains: ['regtest', 'signet'],
    ...(methods ? { methods } : {}),
    esplora: { regtest: `${chain.url}/api` },
  })
  return {
    kit,
    wallet,
    factory,
    page,
    networks: { regtest, signet, testnet4 },
    close: async () => {
      kit.destroy()
      await ((await transport)?.provider as unknown as UniversalProvider | undefined)?.close()
    },
  }
}

/** The modal's WalletConnect connect on regtest, which the engine wallet pairs with and approves. */
async function connected(seed: string, methods?: WalletConnectBitcoinWalletOptions['methods']) {
  const setup = await bitcoinKit(seed, methods)
  const { kit, wallet, networks } = setup
  let uri = ''
  const shown = new Promise<void>((resolve) => {
    void connect(kit.context, {
      connectorId: 'walletConnect',
      network: networks.regtest,
      onUri: (value) => {
        uri = value
        resolve()
      },
    }).catch(() => undefined)
  })
  await shown
  const proposed = nextEvent(wallet.client, 'session_proposal')
  await wallet.client.pair({ uri })
  const proposal = await proposed
  const { acknowledged } = await wallet.client.approve({
    id: proposal.id,
    namespaces: { bip122: wallet.namespace() },
  })
  await acknowledged()
  await expect.poll(() => kit.store.get().connections.bip122?.status).toBe('connected')
  const provider = kit.getProvider('bip122') as BitcoinProvider
  return { ...setup, proposal, provider }
}

describe('Bitcoin over WalletConnect, our engine as the wallet on the local regtest chain', () => {
  it('CONST-28 ENT-12 a WalletConnect session proposed with the bip122 namespace connects the payment account at index 0 and the ordinal at 1, each with its address, type, and the publicKey and path the wallet stated', async () => {
    const { proposal, provider, wallet, networks, kit, close } = await connected('wc-accounts')
    try {
      expect(proposal.params.optionalNamespaces.bip122).toMatchObject({
        chains: [networks.regtest, networks.signet, networks.testnet4].map((n) => n.caipNetworkId),
        methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
        events: ['bip122_addressesChanged'],
      })
      expect(networks.regtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
      const [payment, ordinal] = wallet.accounts('regtest') as [
        ReturnType<typeof wallet.accounts>[0],
        ReturnType<typeof wallet.accounts>[0],
      ]
      expect(provider.accounts).toEqual(connectedAccounts(payment, ordinal))
      expect(provider.address).toBe(payment.address)
      expect(kit.store.get().connections.bip122?.connections[0]?.accounts).toEqual([
        payment.address,
        ordinal.address,
      ])
      expect(wallet.calls[0]).toEqual({
        method: 'getAccountAddresses',
        params: { account: payment.address, intentions: ['payment', 'ordinal'] },
        chainId: networks.regtest.caipNetworkId,
      })
    } finally {
      await close()
    }
  })

  it('signs BIP-322 messages with both accounts through the session, which the api verifier and bip322-js accept; a refusal is an error', async () => {
    const { provider, wallet, networks, close } = await connected('wc-sign')
    try {
      for (const account of provider.accounts) {
        const message = `Pairwise over WalletConnect ${account.purpose}`
        const signature = await provider.signMessage({ address: account.address, message })
        expect(
          verifyBip122Signature({
            chainReference: String(networks.regtest.id),
            address: account.address,
            message,
            signature,
          }),
        ).toBe(true)
        expect(Verifier.verifySignature(account.address, message, signature)).toBe(true)
        expect(Verifier.verifySignature(account.address, `${message}!`, signature)).toBe(false)
      }
      expect(wallet.calls.find((c) => c.method === 'signMessage')).toEqual({
        method: 'signMessage',
        params: {
          account: provider.address,
          address: provider.address,
          message: 'Pairwise over WalletConnect payment',
          protocol: 'bip322',
        },
        chainId: networks.regtest.caipNetworkId,
      })
      const ecdsa = await provider.signMessage({ message: 'Pairwise ECDSA', protocol: 'ecdsa' })
      expect(Buffer.from(ecdsa, 'base64')).toHaveLength(65)
      expect(
        verifyBip122Signature({
          chainReference: String(networks.regtest.id),
          address: provider.address,
          message: 'Pairwise ECDSA',
          signature: ecdsa,
        }),
      ).toBe(true)
      await expect(provider.signMessage({ message: 'please REJECT this' })).rejects.toThrow(/rejected/i)
    } finally {
      await close()
    }
  })

  it('sends 12,345 sats with a PSBT the wallet signs over the session and the regtest node accepts; mined, both balances move by the amount and the fee', async () => {
    const { provider, wallet, networks, close } = await connected('wc-send')
    try {
      await faucet(chain, provider.address, 1_000_000)
      const recipient = freshAddress(`wc-recipient-${Date.now()}`)
      // The session grants no sendTransfer: the adapter builds the PSBT, the wallet signs it, the app sends.
      const txid = await provider.sendTransfer({ recipient, amount: '12345' })
      expect(txid).toMatch(/^[0-9a-f]{64}$/)
      const signing = wallet.calls.find((c) => c.method === 'signPsbt')
      expect(signing?.chainId).toBe(networks.regtest.caipNetworkId)
      expect(signing?.params).toMatchObject({
        account: provider.address,
        signInputs: [{ address: provider.address, index: 0 }],
        broadcast: false,
      })
      await mine(chain)
      const tx = (await (await fetch(`${chain.url}/api/tx/${txid}`)).json()) as {
        fee: number
        status: { confirmed: boolean }
      }
      expect(tx.status.confirmed).toBe(true)
      expect(await esploraBalance(`${chain.url}/api`, recipient)).toBe(12_345)
      expect(await esploraBalance(`${chain.url}/api`, provider.address)).toBe(1_000_000 - 12_345 - tx.fee)
    } finally {
      await close()
    }
  })

  it('sends with the wallet itself where the session grants sendTransfer: recipientAddress and the amount in sats as a string, the txid back, mined on the regtest node', async () => {
    const methods = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
    const { provider, wallet, networks, close } = await connected('wc-transfer', methods)
    try {
      await faucet(chain, provider.address, 500_000)
      const recipient = freshAddress(`wc-to-${Date.now()}`)
      const txid = await provider.sendTransfer({ recipient, amount: 12_345n })
      expect(wallet.calls.at(-1)).toEqual({
        method: 'sendTransfer',
        params: { account: provider.address, recipientAddress: recipient, amount: '12345' },
        chainId: networks.regtest.caipNetworkId,
      })
      expect(wallet.calls.map((c) => c.method)).not.toContain('signPsbt')
      await mine(chain)
      const status = (await (await fetch(`${chain.url}/api/tx/${txid}/status`)).json()) as {
        confirmed: boolean
      }
      expect(status.confirmed).toBe(true)
      expect(await esploraBalance(`${chain.url}/api`, recipient)).toBe(12_345)
    } finally {
      await close()
    }
  })

  it('signs a PSBT spending the ordinal (taproot) account over the session, and the app broadcasts it to the regtest node', async () => {
    const { provider, close } = await connected('wc-psbt')
    try {
      const ordinal = provider.accounts[1] as (typeof provider.accounts)[number]
      await spendOrdinalCoin(chain, provider, ordinal, provider.address)
    } finally {
      await close()
    }
  })

  it('lists the chains of the session alone, switches to another of them (the calls go there, with its accounts), asks the user to switch in the wallet for a chain the session lacks, and reconnects from the stored session', async () => {
    const { kit, provider, wallet, networks, factory, page, close } = await connected('wc-switch')
    try {
      const sessionChains = [networks.regtest, networks.signet].map((n) => n.caipNetworkId)
      // The provider lists the chains the session granted, not testnet4, which the app has and the wallet not.
      expect(provider.chains.map((n) => n.caipNetworkId)).toEqual(sessionChains)
      await kit.switchNetwork(networks.signet)
      const [payment] = wallet.accounts('signet')
      expect(provider.network).toBe(networks.signet)
      expect(provider.address).toBe(payment?.address)
      expect(provider.address).toMatch(/^tb1q/)
      expect(wallet.calls.at(-1)).toMatchObject({
        method: 'getAccountAddresses',
        chainId: testChainId('signet'),
      })
      const signature = await provider.signMessage({ message: 'on signet' })
      expect(wallet.calls.at(-1)?.chainId).toBe(networks.signet.caipNetworkId)
      expect(Verifier.verifySignature(provider.address, 'on signet', signature)).toBe(true)

      await expect(kit.switchNetwork(networks.testnet4)).rejects.toMatchObject({
        code: 'SWITCH_IN_WALLET',
        message: expect.stringContaining('switch the network in your wallet'),
      })
      expect(provider.network).toBe(networks.signet)

      // A reload: another adapter on the same transport restores the session without a new proposal.
      const again = new BitcoinAdapter({ registry: page.registry })
      const stop = again.setup({ ...page.context(Object.values(networks)), walletConnect: factory })
      const restored = await again.reconnect({ connectorId: 'walletConnect', network: networks.regtest })
      expect(restored?.accounts).toEqual(wallet.accounts('regtest').map((a) => a.address))
      expect(again.getProvider('walletConnect')?.chains.map((n) => n.caipNetworkId)).toEqual(sessionChains)
      stop()

      await kit.disconnect('bip122')
      expect(kit.store.get().connections.bip122?.status).toBe('disconnected')
    } finally {
      await close()
    }
  })
})
