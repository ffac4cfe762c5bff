import { readDemoConfig } from '../../../../examples/demo/src/config.js'
import { demoMetadata, demoNetworks } from '../../../../examples/demo/src/networks.js'
import { emailLogin } from '../../../../modal/email/index.js'
import { createAppKit, Eip155Adapter } from '../../../../modal/index.js'
import { localSIWX } from '../../../../modal/siwx/index.js'

/**
 * The actions example's modal (email login, onramp, swaps on) with `?locale=` and `?theme=` (light or dark),
 * for the visual snapshots. The stack's config comes in the page's `pairwise-demo-config` tag as on the example.
 * Sign-in is on (in the page's own storage, which each test's fresh browser context starts empty), so the walk
 * meets SIWXSignMessage where a visitor does: right after connecting.
 */
const config = readDemoConfig(document)
const params = new URLSearchParams(location.search)
const locale = params.get('locale') ?? 'en'
const themeMode = params.get('theme') === 'light' ? 'light' : 'dark'
createAppKit({
  adapters: [new Eip155Adapter()],
  networks: demoNetworks(config),
  projectId: config.projectId,
  metadata: { ...demoMetadata, name: 'Pairwise visual snapshots', url: location.origin },
  themeMode,
  locale,
  features: { analytics: false, email: Boolean(config.authUrl), socials: false, onramp: true, swaps: true },
  siwx: localSIWX(),
  ...(config.authUrl ? { embeddedWallet: emailLogin({ authUrl: config.authUrl }) } : {}),
  ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
  ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
})
