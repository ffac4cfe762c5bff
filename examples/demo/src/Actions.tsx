import { lazy, Suspense } from 'react'
import { useAccount } from 'wagmi'
import { loadWalletActions } from './walletActionsChunk.js'

// Signing and sending pull in viem's transaction code; a visitor needs it only once connected.
const WalletActions = lazy(loadWalletActions)

/** Once connected: the address, and the actions to sign a message and send 0.01 tETH. */
export function Actions() {
  const { address, chain, isConnected } = useAccount()
  if (!isConnected || !address) return <p>Connect a wallet to sign a message or send tETH.</p>
  return (
    <section>
      <p>
        Connected: <span data-testid="demo-address">{address}</span> on {chain?.name ?? 'an unknown network'}
      </p>
      <p className="hint" data-testid="explain-account">
        The page reads the address and network from wagmi's useAccount. Click the account button at the top to
        see your account, switch network or disconnect; this line follows along.
      </p>
      <Suspense fallback={<p>Loading actions…</p>}>
        <WalletActions address={address} />
      </Suspense>
    </section>
  )
}
