import { UniversalProvider } from '../../../engine/index.js'
import { IdbStorage } from '../../../storage/index.js'

/**
 * A page that uses the engine as an app would: a UniversalProvider whose client keeps its state in
 * IndexedDB. The relay comes from `?relay=`; the test drives it through `window.dapp`.
 */
const relayUrl = new URLSearchParams(location.search).get('relay') ?? ''
const storage = new IdbStorage({ database: 'pairwise-engine-reload' })
const displayedUris: string[] = []
let connecting: Promise<string> | undefined

const provider = await UniversalProvider.init({
  relayUrl,
  storage,
  logger: 'silent',
  metadata: { name: 'Reload page', description: 'engine in a browser', url: location.origin, icons: [] },
})
provider.on('display_uri', (uri) => displayedUris.push(uri))

const dapp = {
  /** What the page holds right after start-up, before anything else runs. */
  startup: { topic: provider.session?.topic ?? null },
  /** Starts connecting; resolves with the pairing URI for the wallet. */
  connect(chainId: string): Promise<string> {
    const uri = new Promise<string>((resolve) => provider.once('display_uri', resolve))
    connecting = provider
      .connect({
        optionalNamespaces: {
          eip155: {
            chains: [chainId],
            methods: ['personal_sign'],
            events: ['accountsChanged', 'chainChanged'],
          },
        },
      })
      .then((session) => session.topic)
    return uri
  },
  /** The topic of the session `connect` settled. */
  connected(): Promise<string> {
    return connecting ?? Promise.reject(new Error('connect() was not called'))
  },
  sign(message: string, address: string): Promise<string> {
    const hex = `0x${[...new TextEncoder().encode(message)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
    return provider.request<string>({ method: 'personal_sign', params: [hex, address] })
  },
  async state() {
    return {
      topic: provider.session?.topic ?? null,
      pairings: provider.client.pairing.keys,
      proposals: provider.client.proposal.length,
      displayedUris: displayedUris.length,
      storedKeys: await storage.getKeys(),
    }
  },
}

Object.assign(window, { dapp })
