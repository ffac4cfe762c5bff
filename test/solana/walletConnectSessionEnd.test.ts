import { SolanaAdapter } from '../../solana/index.js'
import { describeSessionEnd, sessionTransport } from '../modal/adapters/support/sessionTransport.js'
import { FakeSolanaAdapter } from '../modal/support/fakeSolanaAdapter.js'
import { createKit, solanaMainnet } from '../modal/support/kit.js'
import { createPage } from '../modal/support/page.js'
import { walletRegistry } from '../support/walletRegistry.js'

const address = new FakeSolanaAdapter().address

/** A Solana-only app (no EVM adapter) whose WalletConnect session has a Solana account. */
function solanaOnlyKit() {
  const session = sessionTransport({
    accounts: [],
    chainId: 1,
    namespaces: { solana: [`${solanaMainnet.caipNetworkId}:${address}`] },
    peer: { name: 'Phone Wallet' },
  })
  const registry = walletRegistry()
  const adapter = new SolanaAdapter({ registry: () => registry as never })
  const kit = createKit({
    options: { networks: [solanaMainnet], adapters: [adapter] },
    environment: { target: createPage(), walletConnect: async () => session.transport },
  })
  return { kit, adapter, ...session }
}

describeSessionEnd('Solana adapter', 'solana', async () => ({
  ...solanaOnlyKit(),
  network: solanaMainnet,
  address,
}))
