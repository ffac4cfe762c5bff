import { type Address, createPublicClient, createTestClient, createWalletClient, erc20Abi, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devPrivateKeys, localNetwork } from '../../services/index.js'

/** Gives `address` exactly `wei` on the Anvil behind `rpcUrl`, such as a running stack's chain. */
export async function setBalance(rpcUrl: string, address: Address, wei: bigint): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl, { retryCount: 0 }) }).setBalance({
    address,
    value: wei,
  })
}

/**
 * Moves `amount` of the ERC-20 at `token` from the local chain's first dev account (which the stack's fixtures
 * fund) to `to`, and waits until it is mined.
 */
export async function sendTokenFromDevAccount(
  chain: { rpcUrl: string; chainId: number },
  token: Address,
  to: Address,
  amount: bigint,
): Promise<void> {
  const network = localNetwork(chain.rpcUrl, chain.chainId)
  const transport = http(chain.rpcUrl)
  const holder = createWalletClient({
    account: privateKeyToAccount(devPrivateKeys[0]),
    chain: network,
    transport,
  })
  const hash = await holder.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  await createPublicClient({ chain: network, transport }).waitForTransactionReceipt({ hash })
}
