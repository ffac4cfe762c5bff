import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UniversalProvider } from '../../engine/index.js'
import { Eip155Adapter } from '../../modal/adapters/eip155/index.js'
import { createEngineTransport } from '../../modal/adapters/walletConnect/engineTransport.js'
import type { WalletConnectTransport } from '../../modal/adapters/walletConnectTransport.js'
import { connect } from '../../modal/controllers/connection.js'
import type { CaipNetwork } from '../../modal/networks/types.js'
import { type LocalSolana, solanaTestKey, startSolanaChain } from '../../services/solana/index.js'
import { defineSolanaNetwork, SolanaAdapter } from '../../solana/index.js'
import { MemoryStorage } from '../../storage/index.js'
import { nextEvent, useTestRelay, walletMetadata } from '../engine/support/harness.js'
import { alice, createKit, evmNetwork, unreachableRpcUrl } from '../modal/support/kit.js'
import { createPage } from '../modal/support/page.js'
import { freePortPair } from '../support/ports.js'

const harness = useTestRelay()
const key = solanaTestKey(2)
let chain: LocalSolana
let anvil: CaipNetwork
let local: CaipNetwork

beforeAll(async () => {
  chain = await startSolanaChain({ host: '127.0.0.1', port: await freePortPair() })
  anvil = evmNetwork(31337, await unreachableRpcUrl())
  local = defineSolanaNetwork({ genesisHash: chain.genesisHash, name: 'Solana Local', rpcUrl: chain.rpcUrl })
})

afterAll(() => chain.close())

/** A kit with both adapters sharing one WalletConnect transport, as createAppKit gives them. */
function multichainKit() {
  let transport: Promise<WalletConnectTransport> | undefined
  const factory = () => {
    transport ??= createEngineTransport({
      relayUrl: harness.relay.url,
      projectId: 'test',
      networks: [anvil, local],
      storage: new MemoryStorage(),
    })
    return transport
  }
  const kit = createKit({
    options: { networks: [anvil, local], adapters: [new Eip155Adapter(), new SolanaAdapter()] },
    environment: { target: createPage(), walletConnect: factory },
  })
  return {
    kit,
    close: async () => ((await transport)?.provider as unknown as UniversalProvider | undefined)?.close(),
  }
}

describe('Solana over WalletConnect', () => {
  it('one approval connects the EVM and the Solana side; solana_signMessage goes to the wallet on the Solana chain; a disconnect ends both', async () => {
    const { kit, close } = multichainKit()
    try {
      let uri = ''
      const shown = new Promise<void>((resolve) => {
        void connect(kit.context, {
          connectorId: 'walletConnect',
          onUri: (value) => {
            uri = value
            resolve()
          },
        }).catch(() => undefined)
      })
      await shown
      const wallet = await harness.pool.make(harness.relay.url, { metadata: walletMetadata })
      const proposed = nextEvent(wallet, 'session_proposal')
      await wallet.pair({ uri })
      const proposal = await proposed
      expect(proposal.params.optionalNamespaces.solana).toMatchObject({
        chains: [local.caipNetworkId],
        methods: [
          'solana_signMessage',
          'solana_signTransaction',
          'solana_signAndSendTransaction',
          'solana_signAllTransactions',
        ],
      })
      const { acknowledged } = await wallet.approve({
        id: proposal.id,
        namespaces: {
          eip155: {
            chains: ['eip155:31337'],
            accounts: [`eip155:31337:${alice}`],
            methods: ['personal_sign'],
            events: ['chainChanged', 'accountsChanged'],
          },
          solana: {
            chains: [local.caipNetworkId],
            accounts: [`${local.caipNetworkId}:${key.address}`],
            methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
            events: [],
          },
        },
      })
      const { topic } = await acknowledged()
      await expect.poll(() => kit.store.get().connections.solana?.status).toBe('connected')
      expect(kit.store.get().activeChain).toBe('eip155')
      expect(kit.getAddress()).toBe(alice)
      expect(kit.store.get().connections.solana?.connections[0]?.accounts).toEqual([key.address])

      const provider = kit.getProvider('solana')
      if (!provider) throw new Error('no Solana provider')
      expect(provider.address).toBe(key.address)
      const message = new TextEncoder().encode('hello over WalletConnect')
      const asked = nextEvent(wallet, 'session_request')
      const signing = provider.signMessage(message)
      const request = await asked
      expect(request.params.chainId).toBe(local.caipNetworkId)
      expect(request.params.request).toMatchObject({
        method: 'solana_signMessage',
        params: { message: base58.encode(message), pubkey: key.address },
      })
      const signature = ed25519.sign(message, key.seed)
      await wallet.respond({
        topic,
        response: { id: request.id, jsonrpc: '2.0', result: { signature: base58.encode(signature) } },
      })
      expect(ed25519.verify(await signing, message, key.publicKey)).toBe(true)

      await kit.disconnect('eip155')
      expect(kit.store.get().connections.solana?.status).toBe('disconnected')
      expect(kit.getAddress()).toBeUndefined()
    } finally {
      await close()
    }
  })
})
