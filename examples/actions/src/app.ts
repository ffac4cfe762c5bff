import { createAppKit, Eip155Adapter } from '@pairwise/modal'
import { emailLogin } from '@pairwise/modal/email'
import { readDemoConfig } from '../../demo/src/config.js'
import { demoMetadata, demoNetworks } from '../../demo/src/networks.js'

const config = readDemoConfig(document)
const account = document.querySelector<HTMLOutputElement>('[data-testid="actions-account"]')

// What the demo keeps off is on here: email login (names need the email wallet), the onramp and swaps.
const kit = createAppKit({
  adapters: [new Eip155Adapter()],
  networks: demoNetworks(config),
  projectId: config.projectId,
  metadata: { ...demoMetadata, name: 'Pairwise account actions example', url: location.origin },
  themeMode: 'dark',
  features: { email: Boolean(config.authUrl), socials: false, onramp: true, swaps: true },
  ...(config.authUrl ? { embeddedWallet: emailLogin({ authUrl: config.authUrl }) } : {}),
  ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
  ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
})

const smartAccount = document.querySelector<HTMLOutputElement>('[data-testid="actions-smart-account"]')

kit.subscribeState((state) => {
  if (account) account.textContent = kit.getAddress() ? `Connected: ${kit.getAddress()}` : 'Not connected.'
  // The email wallet on a smart account network: which account acts, and whether its smart account is on chain.
  const { preferredAccountType, smartAccountDeployed } = state.account
  if (smartAccount)
    smartAccount.textContent =
      smartAccountDeployed === undefined
        ? ''
        : `${preferredAccountType === 'smartAccount' ? 'Smart account' : 'EOA'}; smart account ${smartAccountDeployed ? 'deployed' : 'not deployed yet'}`
})

const batchButton = document.querySelector<HTMLButtonElement>('[data-testid="send-batch"]')
const batchStatus = document.querySelector<HTMLOutputElement>('[data-testid="batch-status"]')
batchButton?.addEventListener('click', () => {
  if (!batchStatus) return
  batchButton.disabled = true
  batchStatus.classList.remove('error')
  // The batch code loads on the first click: a visitor who never batches never downloads it.
  import('./batch.js')
    .then(({ sendBatch }) => sendBatch(kit, config, batchStatus))
    .catch((error: unknown) => {
      batchStatus.textContent = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
      batchStatus.classList.add('error')
    })
    .finally(() => {
      batchButton.disabled = false
    })
})
