import { type Address, erc20Abi, type PublicClient } from 'viem'

/** `owner`'s balance of the ERC-20 at `token`, in base units, as `client` reads it now. */
export function tokenBalance(
  client: Pick<PublicClient, 'readContract'>,
  token: Address,
  owner: Address,
): Promise<bigint> {
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}
