import { beforeAll } from 'vitest'
import { BitcoinAdapter, defineBitcoinNetwork } from '../../bitcoin/index.js'
import type { CaipNetwork } from '../../modal/adapter.js'
import { describeSessionEnd, sessionTransport } from '../modal/adapters/support/sessionTransport.js'
import { createKit, unreachableRpcUrl } from '../modal/support/kit.js'
import { pageHost } from './pageHost.js'

const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
let regtest: CaipNetwork

beforeAll(async () => {
  regtest = defineBitcoinNetwork({ chain: 'regtest', name: 'Regtest', esploraUrl: await unreachableRpcUrl() })
})

/** A Bitcoin-only app (no EVM adapter) whose WalletConnect session has a regtest account. */
function bitcoinOnlyKit() {
  const session = sessionTransport({
    accounts: [],
    chainId: 1,
    namespaces: { bip122: [`${regtest.caipNetworkId}:${address}`] },
    // No getAccountAddresses: the session's addresses are the accounts.
    methods: { bip122: [] },
    peer: { name: 'Phone Wallet' },
  })
  const page = pageHost()
  const adapter = new BitcoinAdapter({ registry: page.registry })
  const kit = createKit({
    options: { networks: [regtest], adapters: [adapter] },
    environment: { target: page.target, walletConnect: async () => session.transport },
  })
  return { kit, adapter, ...session }
}

describeSessionEnd('Bitcoin adapter', 'bip122', async () => ({
  ...bitcoinOnlyKit(),
  network: regtest,
  address,
}))
