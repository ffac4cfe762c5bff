import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Analytics, createAppKit, defineNetwork, Eip155Adapter } from '../../../../modal/react/index.js'

/**
 * A host page in React StrictMode (as an app in development runs it) with `<Analytics />` mounted and the
 * modal created with `?api=` as its apiUrl; `?analytics=on` turns analytics on, anything else leaves it
 * off. `window.kit` lets the test open and close the modal so it emits its tracked events.
 */
const params = new URLSearchParams(location.search)
const apiUrl = params.get('api') ?? undefined
const anvil = defineNetwork({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})
const kit = createAppKit({
  adapters: [new Eip155Adapter()],
  networks: [anvil],
  projectId: params.get('project') ?? 'analytics-page',
  features: { analytics: params.get('analytics') === 'on' },
  ...(apiUrl ? { apiUrl } : {}),
})
Object.assign(window, { kit })
const root = document.createElement('div')
document.body.append(root)
createRoot(root).render(
  <StrictMode>
    <Analytics />
  </StrictMode>,
)
