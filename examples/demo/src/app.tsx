import { createAppKit } from '@pairwise/modal'
import { createQueryClient } from '@pairwise/modal/wagmi'
import { createRoot } from 'react-dom/client'
import { readDemoConfig } from './config.js'
import { DemoPage } from './DemoPage.js'
import { demoKitOptions } from './setup.js'
import { loadWalletActions } from './walletActionsChunk.js'

const { wagmiAdapter, options } = demoKitOptions(readDemoConfig(document))
const kit = createAppKit(options)

// A visitor who opens the modal is about to connect: fetch the connected-state code now, so it is not
// parsed in the frame that should show the new connection.
const stopWatching = kit.subscribeState((state) => {
  if (!state.open) return
  stopWatching()
  void loadWalletActions()
})

const queryClient = createQueryClient()

const root = document.getElementById('actions')
if (root)
  createRoot(root).render(<DemoPage wagmiConfig={wagmiAdapter.wagmiConfig} queryClient={queryClient} />)
