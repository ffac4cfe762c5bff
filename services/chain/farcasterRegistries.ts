import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  pad,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { fixtureDeployerKey } from './accounts.js'
import * as TestIdRegistry from './artifacts/TestIdRegistry.js'
import * as TestKeyRegistry from './artifacts/TestKeyRegistry.js'
import { localNetwork } from './network.js'

/** Where Sign In With Farcaster reads the registries on Optimism, and where the local chain has its stand-ins. */
export const farcasterIdRegistry: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
export const farcasterKeyRegistry: Address = '0x00000000fc1237824fb747abde0ff18990e59b7e'
export const idRegistryAbi = TestIdRegistry.abi
export const keyRegistryAbi = TestKeyRegistry.abi

/** KeyRegistry: a key that is added (state 1) and of type 2 is an auth address of the fid. */
export const keyStateAdded = 1
export const keyTypeAuthAddress = 2

/** The KeyRegistry key of an auth address: `abi.encode(address)`, as Farcaster's verifier asks for it. */
export const authAddressKey = (address: Address): Hex => encodeAbiParameters([{ type: 'address' }], [address])

/**
 * Installs the stand-in IdRegistry and KeyRegistry at their canonical addresses with `anvil_setCode`
 * (their runtime code is what an `eth_call` of the creation code returns, so no deployer nonce moves),
 * with the fixture deployer as admin in storage slot 0 (no constructor runs). Skips one that has code.
 */
export async function installFarcasterRegistries(rpcUrl: string, chainId?: number): Promise<void> {
  const chain = localNetwork(rpcUrl, chainId)
  const transport = http(rpcUrl)
  const reader = createPublicClient({ chain, transport })
  const anvil = createTestClient({ chain, mode: 'anvil', transport })
  const admin = privateKeyToAccount(fixtureDeployerKey).address
  for (const [address, creation] of [
    [farcasterIdRegistry, TestIdRegistry.bytecode],
    [farcasterKeyRegistry, TestKeyRegistry.bytecode],
  ] as const) {
    if (await reader.getCode({ address })) continue
    const { data: runtime } = await reader.call({ data: creation })
    if (!runtime) throw new Error(`the creation code for ${address} returned no runtime code`)
    await anvil.setCode({ address, bytecode: runtime })
    await anvil.setStorageAt({ address, index: 0, value: pad(admin) })
  }
}

export type FarcasterAccount = {
  fid: bigint
  custody: Address
  /** Addresses the fid's custody approved to sign in for it (KeyRegistry key type 2). */
  authAddresses?: readonly Address[]
}

/** Registers `fid` on the local stand-ins: its custody address, then each auth address as an added key. */
export async function registerFarcasterAccount(
  rpcUrl: string,
  account: FarcasterAccount,
  chainId?: number,
): Promise<void> {
  const chain = localNetwork(rpcUrl, chainId)
  const transport = http(rpcUrl)
  const reader = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ account: privateKeyToAccount(fixtureDeployerKey), chain, transport })
  const confirmed = async (hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`registering fid ${account.fid} failed`)
  }
  await confirmed(
    await wallet.writeContract({
      address: farcasterIdRegistry,
      abi: idRegistryAbi,
      functionName: 'register',
      args: [account.fid, account.custody],
    }),
  )
  for (const address of account.authAddresses ?? [])
    await confirmed(
      await wallet.writeContract({
        address: farcasterKeyRegistry,
        abi: keyRegistryAbi,
        functionName: 'setKey',
        args: [account.fid, authAddressKey(address), keyStateAdded, keyTypeAuthAddress],
      }),
    )
}
