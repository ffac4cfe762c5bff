import { devPrivateKeys, localNetwork } from 'pairwise'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type ExampleFlowOptions, exampleDappProvider } from './dappProvider.js'
import { walletEvents, walletMethods } from './walletMethods.js'

export type ExampleDappOptions = ExampleFlowOptions & {
  /** Who receives the transfer; Anvil's account 1 by default. */
  to?: Address
  /** How much to send, in wei; 0.01 tETH by default. */
  value?: bigint
  message?: string
}

export type ExampleDappResult = {
  address: Address
  message: string
  signature: Hex
  signatureValid: boolean
  transactionHash: Hex
  transactionStatus: 'success' | 'reverted'
  to: Address
  value: bigint
}

/**
 * Connects to a wallet through the relay, asks it to sign a message and to send a transfer, checks both
 * with viem over the session, then disconnects.
 */
export async function runExampleDapp(options: ExampleDappOptions): Promise<ExampleDappResult> {
  const chainId = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId()
  const chain = localNetwork(options.rpcUrl, chainId)
  const provider = await exampleDappProvider(options)
  try {
    provider.on('display_uri', options.onUri)
    await provider.connect({
      optionalNamespaces: {
        eip155: {
          chains: [`eip155:${chainId}`],
          methods: [...walletMethods],
          events: [...walletEvents],
          rpcMap: { [chainId]: options.rpcUrl },
        },
      },
    })
    const walletClient = createWalletClient({ chain, transport: custom(provider) })
    const publicClient = createPublicClient({ chain, transport: custom(provider), pollingInterval: 100 })
    const [address] = await walletClient.getAddresses()
    if (address === undefined) throw new Error('The wallet shared no account')
    const message = options.message ?? 'Hello from the Pairwise example dapp'
    const signature = await walletClient.signMessage({ account: address, message })
    const to = options.to ?? privateKeyToAccount(devPrivateKeys[1]).address
    const value = options.value ?? parseEther('0.01')
    const transactionHash = await walletClient.sendTransaction({ account: address, to, value })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: transactionHash })
    await provider.disconnect()
    return {
      address,
      message,
      signature,
      signatureValid: await verifyMessage({ address, message, signature }),
      transactionHash,
      transactionStatus: receipt.status,
      to,
      value,
    }
  } finally {
    await provider.close()
  }
}
