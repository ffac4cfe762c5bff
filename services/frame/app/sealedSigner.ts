import { type Address, bytesToHex, type Hex, hexToBytes, type LocalAccount } from 'viem'
import { signAuthorization, signMessage, signTransaction, signTypedData, toAccount } from 'viem/accounts'

/**
 * The session's signer: the account's private key, kept only sealed (AES-GCM under a key WebCrypto will
 * not export) and opened for the one signature it is asked for. Holding it sealed is no weaker than the
 * auth share this frame already keeps for the session (with the device share, that rebuilds the key), and
 * it spares every signature the BIP-39 and BIP-32 derivations.
 */
export async function sealedSigner(address: Address, privateKey: Hex): Promise<LocalAccount> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = new Uint8Array(hexToBytes(privateKey))
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain))
  plain.fill(0)
  const withKey = async <T>(use: (privateKey: Hex) => Promise<T>): Promise<T> => {
    const opened = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed))
    try {
      return await use(bytesToHex(opened))
    } finally {
      opened.fill(0)
    }
  }
  return toAccount({
    address,
    signAuthorization: (authorization) =>
      withKey((pk) => signAuthorization({ ...authorization, privateKey: pk })),
    signMessage: ({ message }) => withKey((pk) => signMessage({ message, privateKey: pk })),
    signTypedData: (typedData) => withKey((pk) => signTypedData({ ...typedData, privateKey: pk } as never)),
    signTransaction: (transaction, options) =>
      withKey((pk) =>
        signTransaction({
          transaction,
          privateKey: pk,
          ...(options?.serializer ? { serializer: options.serializer } : {}),
        }),
      ),
  })
}
