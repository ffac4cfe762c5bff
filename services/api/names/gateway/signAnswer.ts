import { concat, encodeAbiParameters, type Hex, keccak256, numberToHex } from 'viem'
import { sign } from 'viem/accounts'

/**
 * The answer of ENS's offchain-resolver format: `abi.encode(bytes result, uint64 expires, bytes sig)`,
 * `sig` a raw secp256k1 signature (no message prefix) over
 * keccak256(0x1900 ‖ resolver ‖ expires ‖ keccak256(request) ‖ keccak256(result)), EIP-191 version 0 with
 * the resolver as the validator, so an answer is good for that resolver, that request, until `expires`.
 */
export async function signAnswer(input: {
  resolver: Hex
  request: Hex
  result: Hex
  expires: number
  signerKey: Hex
}): Promise<Hex> {
  const expires = BigInt(input.expires)
  const digest = keccak256(
    concat([
      '0x1900',
      input.resolver,
      numberToHex(expires, { size: 8 }),
      keccak256(input.request),
      keccak256(input.result),
    ]),
  )
  const signature = await sign({ hash: digest, privateKey: input.signerKey, to: 'hex' })
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [input.result, expires, signature],
  )
}
