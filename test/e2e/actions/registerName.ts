import type { Address } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

/**
 * Registers `name` straight through the api for `owner` (a fresh key unless given), as another app would (so
 * the modal finds it taken, or a send can be addressed to it); resolves to the key's address.
 */
export async function registerNameWithApi(
  stack: { api: { url: string }; chain: { chainId: number } },
  projectId: string,
  name: string,
  owner: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<{ address: Address; answer: Response }> {
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const answer = await fetch(`${stack.api.url}/v1/names?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: (0x80000000 | stack.chain.chainId) >>> 0,
      address: owner.address,
      message,
      signature: await owner.signMessage({ message }),
    }),
  })
  return { address: owner.address, answer }
}
