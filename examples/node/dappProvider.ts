import { type Logger, type LogLevel, type Metadata, UniversalProvider } from '@pairwise/engine'
import type { KeyValueStorage } from '@pairwise/storage'

/** What both example dapp flows (sign and send, sign in) need to reach a wallet. */
export type DappProviderOptions = {
  relayUrl: string
  storage?: KeyValueStorage
  logger?: LogLevel | 'silent' | Logger
  /** Read endpoints by CAIP-2 chain id, for a session the dapp did not propose. */
  rpcMap?: Record<string, string>
}

/** What an example dapp flow is told: where the chain is, and whom to show the pairing URI. */
export type ExampleFlowOptions = Omit<DappProviderOptions, 'rpcMap'> & {
  /** HTTP JSON-RPC URL of the chain; reads and receipts go there, and its chain is the one asked for. */
  rpcUrl: string
  /** Called with the pairing URI to hand to a wallet. */
  onUri: (uri: string) => void
}

export const exampleDappMetadata: Metadata = {
  name: 'Pairwise example dapp',
  description: 'A Node dapp that asks a wallet to sign and send',
  url: 'https://dapp.pairwise.localhost',
  icons: [],
}

export function exampleDappProvider(options: DappProviderOptions): Promise<UniversalProvider> {
  return UniversalProvider.init({
    relayUrl: options.relayUrl,
    projectId: 'pairwise-example',
    metadata: exampleDappMetadata,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.rpcMap ? { rpcMap: options.rpcMap } : {}),
  })
}
