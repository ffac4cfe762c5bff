import { createAppKit, defineNetwork, Eip155Adapter } from '../../../../modal/index.js'

/**
 * A host page with `<appkit-button>` and the modal created with `?locale=` (none: the browser decides), the
 * stack's chain at `?rpc=` as Anvil plus a second network the wallet does not know, and its relay at
 * `?relay=` for WalletConnect. `window.kit` lets the test route to views no click reaches.
 */
const params = new URLSearchParams(location.search)
const rpc = params.get('rpc') ?? 'http://127.0.0.1:9'
const relayUrl = params.get('relay') ?? undefined
const locale = params.get('locale') ?? undefined
const network = (id: number, name: string) =>
  defineNetwork({
    id,
    name,
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
    testnet: true,
  })
const kit = createAppKit({
  adapters: [new Eip155Adapter()],
  networks: [network(31337, 'Anvil'), network(31338, 'Anvil 2')],
  projectId: 'locales-page',
  features: { analytics: false },
  ...(locale !== undefined ? { locale } : {}),
  ...(relayUrl ? { relayUrl } : {}),
})
Object.assign(window, { kit })
