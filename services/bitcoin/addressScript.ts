import { Address, OutScript } from '@scure/btc-signer'
import { HttpError } from '../kit/index.js'
import { REGTEST } from './regtest.js'

/** Longest address accepted (a bech32m taproot address is 64 characters on regtest). */
const MAX_ADDRESS_LENGTH = 100

/** The output script of a regtest address (`bcrt1…`, `m…`/`n…`, `2…`), or a 400 for anything else. */
export function addressScript(address: string | undefined): Uint8Array {
  if (address === undefined || address.length > MAX_ADDRESS_LENGTH)
    throw new HttpError(400, 'address: not a regtest Bitcoin address')
  try {
    return OutScript.encode(Address(REGTEST).decode(address))
  } catch {
    throw new HttpError(400, 'address: not a regtest Bitcoin address')
  }
}
