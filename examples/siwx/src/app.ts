import { createAppKit, Eip155Adapter } from '@pairwise/modal'
import { type SiwxSignedIn, serverSIWX } from '@pairwise/modal/siwx'
import { readDemoConfig } from '../../demo/src/config.js'
import { demoMetadata, demoNetworks } from '../../demo/src/networks.js'
import { readChainConfig } from '../../multichain/src/config.js'

const config = readDemoConfig(document)
const status = document.querySelector<HTMLOutputElement>('[data-testid="siwx-me"]')
const signOutButton = document.querySelector<HTMLButtonElement>('[data-testid="siwx-sign-out"]')

function show(text: string, error = false): void {
  if (!status) return
  status.textContent = text
  status.classList.toggle('error', error)
}

function sentence(sessions: SiwxSignedIn[]): string {
  if (sessions.length === 0) return 'Not signed in.'
  return sessions
    .map((s) => `Signed in as ${s.address} on ${s.chainId} until ${new Date(s.expiresAt).toLocaleString()}`)
    .join('\n')
}

if (!config.apiUrl) {
  show('This page needs the api service: `npm start` serves it with one.', true)
} else {
  const { apiUrl, projectId } = config
  // The api keeps the session behind an HttpOnly cookie the page cannot read: it asks `GET /siwx/me`.
  const siwx = serverSIWX({ baseUrl: apiUrl, projectId })
  // Bitcoin sign-in where the page's config names Bitcoin networks: only then is @pairwise/bitcoin fetched.
  const { bitcoinNetworks } = readChainConfig(document)
  const bitcoin = bitcoinNetworks.length ? await import('@pairwise/bitcoin') : undefined
  const [evm, ...moreEvm] = demoNetworks(config)
  const kit = createAppKit({
    adapters: [new Eip155Adapter(), ...(bitcoin ? [new bitcoin.BitcoinAdapter()] : [])],
    networks: [
      evm,
      ...moreEvm,
      ...bitcoinNetworks.flatMap((n) => (bitcoin ? [bitcoin.defineBitcoinNetwork(n)] : [])),
    ],
    projectId,
    metadata: { ...demoMetadata, name: 'Pairwise sign-in example', url: location.origin },
    themeMode: 'dark',
    features: { email: false, socials: false, onramp: false, swaps: false },
    siwx,
    apiUrl,
    ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
    ...(config.verifyUrl ? { verifyUrl: config.verifyUrl } : {}),
  })

  const refresh = async () => {
    try {
      const sessions = await siwx.getMe()
      show(sentence(sessions))
      if (signOutButton) signOutButton.hidden = sessions.length === 0
    } catch (error) {
      show(`Could not ask the api who is signed in: ${(error as Error).message}`, true)
    }
  }

  // The sign-in view closes once the session is stored (or the visitor gave up): ask again then.
  let wasOpen = false
  kit.subscribeState((state) => {
    if (wasOpen && !state.open) void refresh()
    wasOpen = state.open
  })
  signOutButton?.addEventListener('click', async () => {
    try {
      await siwx.signOut()
      if (kit.getIsConnectedState()) await kit.disconnect()
    } catch (error) {
      show(`Sign-out failed: ${(error as Error).message}`, true)
      return
    }
    await refresh()
  })
  void refresh()
}
