import type { BitcoinProvider } from '@pairwise/bitcoin'
import { createAppKit, Eip155Adapter } from '@pairwise/modal'
import type { SolanaProvider } from '@pairwise/solana'
import { getBase58Decoder } from '@solana/kit'
import { readDemoConfig } from '../../demo/src/config.js'
import { demoMetadata, demoNetworks } from '../../demo/src/networks.js'
import { readChainConfig } from './config.js'

const base58 = getBase58Decoder()
const config = readDemoConfig(document)
const { solanaNetworks, bitcoinNetworks } = readChainConfig(document)
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
const btcAccounts = find<HTMLOutputElement>('mc-btc-accounts')
const btcSignButton = find<HTMLButtonElement>('mc-btc-sign')
const btcSignature = find<HTMLOutputElement>('mc-btc-signature')
const btcRecipient = find<HTMLInputElement>('mc-btc-to')
const btcAmount = find<HTMLInputElement>('mc-btc-amount')
const btcSendButton = find<HTMLButtonElement>('mc-btc-send')
const btcTransaction = find<HTMLOutputElement>('mc-btc-transaction')

function show(output: HTMLOutputElement | null, text: string, error = false): void {
  if (!output) return
  output.textContent = text
  output.classList.toggle('error', error)
}

// @pairwise/solana and @pairwise/bitcoin come as chunks of their own, fetched beside this one: a page
// without Solana or Bitcoin never loads them.
const [{ defineSolanaNetwork, SolanaAdapter }, { BitcoinAdapter, defineBitcoinNetwork }] = await Promise.all([
  import('@pairwise/solana'),
  import('@pairwise/bitcoin'),
])
// The local cluster first, as in the EVM list: a fresh visitor lands on the chain that runs here.
const solana = solanaNetworks.map((n) =>
  defineSolanaNetwork({ genesisHash: n.genesisHash, name: n.name, rpcUrl: n.rpcUrl, testnet: true }),
)
const bitcoin = bitcoinNetworks.map((n) => defineBitcoinNetwork(n))
const [evm, ...moreEvm] = demoNetworks(config)
const kit = createAppKit({
  adapters: [new Eip155Adapter(), new SolanaAdapter(), new BitcoinAdapter()],
  networks: [evm, ...moreEvm, ...solana, ...bitcoin],
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
  const lines = (['eip155', 'solana', 'bip122'] as const).flatMap((namespace) => {
    const entry = state.connections[namespace]
    const current = entry?.current === undefined ? undefined : entry.connections[entry.current]
    return current ? [`${namespace}: ${current.accounts[0]} on ${current.caipNetwork.name}`] : []
  })
  show(account, lines.length ? `Active: ${state.activeChain}\n${lines.join('\n')}` : 'Not connected.')
  const provider = kit.getProvider('solana')
  for (const button of [signButton, signInButton, sendButton]) if (button) button.disabled = !provider
  refreshTokens(provider)
  const bitcoinWallet = kit.getProvider('bip122')
  for (const button of [btcSignButton, btcSendButton]) if (button) button.disabled = !bitcoinWallet
  show(
    btcAccounts,
    bitcoinWallet
      ? bitcoinWallet.accounts
          .map(
            (a, i) =>
              `${i} ${a.purpose} ${a.addressType} ${a.address}\n  publicKey ${a.publicKey ?? '(not given)'}\n  path ${a.path ?? '(not given)'}`,
          )
          .join('\n')
      : 'No Bitcoin wallet connected.',
  )
})

/** Runs `run` with the connected Bitcoin wallet, showing its result or its error in `output`. */
const actBitcoin = async (
  output: HTMLOutputElement | null,
  run: (provider: BitcoinProvider) => Promise<string>,
) => {
  const provider = kit.getProvider('bip122')
  if (!provider) return show(output, 'Connect a Bitcoin wallet first.', true)
  show(output, 'Waiting for your wallet…')
  try {
    show(output, await run(provider))
  } catch (error) {
    show(output, (error as Error).message, true)
  }
}

btcSignButton?.addEventListener('click', () =>
  actBitcoin(btcSignature, async (provider) => {
    const message = `Pairwise multichain example: ${new Date().toISOString()}`
    const signed = await provider.signMessage({ message })
    return `address: ${provider.address}\nmessage: ${message}\nsignature: ${signed}`
  }),
)
btcSendButton?.addEventListener('click', () =>
  actBitcoin(btcTransaction, async (provider) => {
    const txid = await provider.sendTransfer({
      recipient: btcRecipient?.value.trim() ?? '',
      amount: btcAmount?.value.trim() ?? '',
    })
    return `sent: ${txid}`
  }),
)

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
