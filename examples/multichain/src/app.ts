import { createAppKit, Eip155Adapter } from '@pairwise/modal'
import type { SolanaProvider } from '@pairwise/solana'
import { getBase58Decoder } from '@solana/kit'
import { readDemoConfig } from '../../demo/src/config.js'
import { demoMetadata, demoNetworks } from '../../demo/src/networks.js'
import { readSolanaConfig } from './config.js'

const base58 = getBase58Decoder()
const config = readDemoConfig(document)
const { solanaNetworks } = readSolanaConfig(document)
const find = <T extends HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`)
const account = find<HTMLOutputElement>('mc-account')
const signButton = find<HTMLButtonElement>('mc-sign')
const signInButton = find<HTMLButtonElement>('mc-sign-in')
const signature = find<HTMLOutputElement>('mc-signature')
const recipient = find<HTMLInputElement>('mc-to')
const amount = find<HTMLInputElement>('mc-amount')
const token = find<HTMLSelectElement>('mc-token')
const sendButton = find<HTMLButtonElement>('mc-send')
const transaction = find<HTMLOutputElement>('mc-transaction')

function show(output: HTMLOutputElement | null, text: string, error = false): void {
  if (!output) return
  output.textContent = text
  output.classList.toggle('error', error)
}

// @pairwise/solana comes as its own chunk, fetched beside this one: a page without Solana never loads it.
const { defineSolanaNetwork, SolanaAdapter } = await import('@pairwise/solana')
// The local cluster first, as in the EVM list: a fresh visitor lands on the chain that runs here.
const solana = solanaNetworks.map((n) =>
  defineSolanaNetwork({ genesisHash: n.genesisHash, name: n.name, rpcUrl: n.rpcUrl, testnet: true }),
)
const [evm, ...moreEvm] = demoNetworks(config)
const kit = createAppKit({
  adapters: [new Eip155Adapter(), new SolanaAdapter()],
  networks: [evm, ...moreEvm, ...solana],
  projectId: config.projectId,
  metadata: { ...demoMetadata, name: 'Pairwise multichain example', url: location.origin },
  themeMode: 'dark',
  features: { email: false, socials: false, onramp: false, swaps: false },
  ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
  ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
})

/** The test token of the network the wallet is on, offered beside SOL. */
function refreshTokens(provider: SolanaProvider | undefined): void {
  if (!token) return
  const mint = solanaNetworks.find((n) => provider?.network.id === n.genesisHash.slice(0, 32))?.testUsdMint
  const wanted = mint ? ['', mint] : ['']
  if ([...token.options].map((o) => o.value).join() === wanted.join()) return
  token.replaceChildren(...wanted.map((value) => new Option(value ? 'tUSD' : 'SOL', value)))
}

const act = async (output: HTMLOutputElement | null, run: (provider: SolanaProvider) => Promise<string>) => {
  const provider = kit.getProvider('solana')
  if (!provider) return show(output, 'Connect a Solana wallet first.', true)
  show(output, 'Waiting for your wallet…')
  try {
    show(output, await run(provider))
  } catch (error) {
    show(output, (error as Error).message, true)
  }
}

kit.subscribeState((state) => {
  const lines = (['eip155', 'solana'] as const).flatMap((namespace) => {
    const entry = state.connections[namespace]
    const current = entry?.current === undefined ? undefined : entry.connections[entry.current]
    return current ? [`${namespace}: ${current.accounts[0]} on ${current.caipNetwork.name}`] : []
  })
  show(account, lines.length ? `Active: ${state.activeChain}\n${lines.join('\n')}` : 'Not connected.')
  const provider = kit.getProvider('solana')
  for (const button of [signButton, signInButton, sendButton]) if (button) button.disabled = !provider
  refreshTokens(provider)
})

signButton?.addEventListener('click', () =>
  act(signature, async (provider) => {
    const message = `Pairwise multichain example: ${new Date().toISOString()}`
    const signed = await provider.signMessage(new TextEncoder().encode(message))
    return `message: ${message}\nsignature: ${base58.decode(signed)}`
  }),
)
signInButton?.addEventListener('click', () =>
  act(signature, async (provider) => {
    const nonce = base58.decode(crypto.getRandomValues(new Uint8Array(12)))
    const result = await provider.signIn({
      domain: location.host,
      statement: 'Sign in to the Pairwise multichain example',
      uri: location.href,
      version: '1',
      nonce,
      issuedAt: new Date().toISOString(),
    })
    return `signed in: ${result.address}\nmessage: ${new TextDecoder().decode(result.signedMessage)}\nsignature: ${base58.decode(result.signature)}`
  }),
)
sendButton?.addEventListener('click', () =>
  act(transaction, async (provider) => {
    const mint = token?.value
    const signed = await provider.transfer({
      to: recipient?.value.trim() ?? '',
      amount: amount?.value.trim() ?? '',
      ...(mint ? { mint } : {}),
    })
    return `confirmed: ${signed}`
  }),
)
