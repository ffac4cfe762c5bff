import { createAppKit, Eip155Adapter } from '@pairwise/modal'
import { emailLogin } from '@pairwise/modal/email'
import { parseEther, toHex } from 'viem'
import { readDemoConfig } from '../../demo/src/config.js'
import { demoMetadata, demoNetworks } from '../../demo/src/networks.js'
import { exampleMessage } from './message.js'

const config = readDemoConfig(document)
const find = <T extends HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`)
const account = find<HTMLOutputElement>('embedded-account')
const signButton = find<HTMLButtonElement>('embedded-sign')
const signature = find<HTMLOutputElement>('embedded-signature')
const sendButton = find<HTMLButtonElement>('embedded-send')
const recipient = find<HTMLInputElement>('embedded-to')
const transaction = find<HTMLOutputElement>('embedded-transaction')

function show(output: HTMLOutputElement | null, text: string, error = false): void {
  if (!output) return
  output.textContent = text
  output.classList.toggle('error', error)
}

/** `?socialMode=popup` or `redirect` tries the social logins that way; `auto` (a popup, a redirect when blocked) otherwise. */
function socialModeOf(search: string): 'auto' | 'popup' | 'redirect' {
  const asked = new URLSearchParams(search).get('socialMode')
  return asked === 'popup' || asked === 'redirect' ? asked : 'auto'
}

if (!config.authUrl) {
  show(account, 'This page needs the auth service: `npm start` serves it with one.', true)
} else {
  const kit = createAppKit({
    adapters: [new Eip155Adapter()],
    networks: demoNetworks(config),
    projectId: config.projectId,
    metadata: { ...demoMetadata, name: 'Pairwise embedded wallet example', url: location.origin },
    themeMode: 'dark',
    features: {
      email: true,
      socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'],
      onramp: false,
      swaps: false,
    },
    // The stack's auth service signs in with Farcaster through its local relay (the stack's farcaster part).
    embeddedWallet: emailLogin({
      authUrl: config.authUrl,
      socialMode: socialModeOf(location.search),
      farcaster: true,
    }),
    ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
    ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
  })

  const act = async (output: HTMLOutputElement | null, run: (address: string) => Promise<string>) => {
    const address = kit.getAddress()
    if (!address) return show(output, 'Connect first.', true)
    show(output, 'Waiting for your approval in the secure frame…')
    try {
      show(output, await run(address))
    } catch (error) {
      show(output, (error as Error).message, true)
    }
  }
  const request = (method: string, params: unknown[]) => {
    const provider = kit.getProvider()
    if (!provider) throw new Error('No wallet is connected')
    return provider.request({ method, params }) as Promise<string>
  }

  kit.subscribeState(() => {
    const address = kit.getAddress()
    show(account, address ? `Connected: ${address}` : 'Not connected.')
    for (const button of [signButton, sendButton]) if (button) button.disabled = !address
  })
  signButton?.addEventListener('click', () =>
    act(signature, (address) => request('personal_sign', [toHex(exampleMessage), address])),
  )
  sendButton?.addEventListener('click', () =>
    act(transaction, (from) =>
      request('eth_sendTransaction', [
        { from, to: recipient?.value ?? '', value: toHex(parseEther('0.01')) },
      ]),
    ),
  )
}
