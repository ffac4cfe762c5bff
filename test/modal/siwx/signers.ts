import { ed25519 } from '@noble/curves/ed25519.js'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bytesToBase58btc, utf8ToBytes } from '../../../crypto/index.js'
import type { SIWXConfig, SIWXMessageInput, SIWXSession } from '../../../modal/siwx/index.js'

/** A fresh EOA signing with EIP-191, as a wallet's personal_sign does. */
export function evmSigner() {
  const account = privateKeyToAccount(generatePrivateKey())
  return { address: account.address, sign: (message: string) => account.signMessage({ message }) }
}

/** A fresh Solana key signing the UTF-8 text with ed25519; address and signature in base58. */
export function solanaSigner() {
  const secret = ed25519.utils.randomSecretKey()
  return {
    address: bytesToBase58btc(ed25519.getPublicKey(secret)),
    sign: async (message: string) => bytesToBase58btc(ed25519.sign(utf8ToBytes(message), secret)),
  }
}

export type Signer = { address: string; sign(message: string): Promise<string> }

/** What the modal's flow does: ask the config for a message, have the wallet sign its text, add the session. */
export async function signIn(
  config: SIWXConfig,
  signer: Signer,
  chainId: string,
  extra: Partial<SIWXMessageInput> = {},
): Promise<SIWXSession> {
  const session = await signed(config, signer, chainId, extra)
  await config.addSession(session)
  return session
}

/** A session the wallet signed for the config's message, not yet added anywhere. */
export async function signed(
  config: SIWXConfig,
  signer: Signer,
  chainId: string,
  extra: Partial<SIWXMessageInput> = {},
): Promise<SIWXSession> {
  const data = await config.createMessage({ accountAddress: signer.address, chainId, ...extra })
  const message = data.toString()
  return { data, message, signature: await signer.sign(message) }
}
