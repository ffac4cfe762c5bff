import { keccak256, stringToBytes } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { gatewaySignerKey } from '../../api/names/gateway/signerKey.js'
import { registerFarcasterAccount } from '../../chain/farcasterRegistries.js'

/** The test client's Farcaster account: an fid on the local registries, its custody key and an auth address. */
export type TestFarcasterAccount = {
  fid: bigint
  username: string
  custody: PrivateKeyAccount
  /** An address the custody added as the fid's auth address (KeyRegistry key type 2). */
  authAddress: PrivateKeyAccount
}

/**
 * The fid the test client signs in as, registered (again: registering is idempotent) on the local
 * chain's stand-in registries. Its custody key is made on first use and kept in `keyFile` (0600, the
 * stack's data dir), so the fid keeps its key, and its wallet, across restarts; the auth address's key is
 * derived from it, so the one file holds both.
 */
export async function testFarcasterAccount(options: {
  keyFile: string
  rpcUrl: string
  fid: bigint
  username: string
}): Promise<TestFarcasterAccount> {
  const custodyKey = gatewaySignerKey(options.keyFile)
  const custody = privateKeyToAccount(custodyKey)
  const authAddress = privateKeyToAccount(keccak256(stringToBytes(`${custodyKey}/auth-address`)))
  await registerFarcasterAccount(options.rpcUrl, {
    fid: options.fid,
    custody: custody.address,
    authAddresses: [authAddress.address],
  })
  return { fid: options.fid, username: options.username, custody, authAddress }
}
