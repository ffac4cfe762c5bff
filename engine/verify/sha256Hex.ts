import { bytesToHex, type ClientCrypto, utf8ToBytes } from '@pairwise/crypto'

/** sha256 of `text` (UTF-8) in hex: how verify names a message, sealed or as JSON-RPC. */
export async function sha256Hex(crypto: Pick<ClientCrypto, 'sha256'>, text: string): Promise<string> {
  return bytesToHex(await crypto.sha256(utf8ToBytes(text)))
}
