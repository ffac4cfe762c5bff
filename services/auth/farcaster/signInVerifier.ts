import { type Address, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { withCappedCalls } from '../../api/siwx/verify/cappedCalls.js'
import {
  authAddressKey,
  farcasterIdRegistry,
  farcasterKeyRegistry,
  idRegistryAbi,
  keyRegistryAbi,
  keyStateAdded,
  keyTypeAuthAddress,
} from '../../chain/farcasterRegistries.js'

/** Sign In With Farcaster messages are SIWE messages for OP Mainnet with this statement (FIP-11). */
const optimismChainId = 10
const farcasterStatement = 'Farcaster Auth'
const fidResource = /^farcaster:\/\/fid\/([1-9][0-9]{0,19})$/
/** The message's time fields: the field viem parses each into, and its EIP-4361 name. */
const timeFields = [
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
] as const

/** Why a sign-in was refused; the message is safe to show (it says only what the signed text got wrong). */
export class FarcasterRefusal extends Error {
  override name = 'FarcasterRefusal'
}

export type VerifiedSignIn = {
  fid: bigint
  /** The address that signed: the fid's custody address, or an auth address its custody added. */
  signer: Address
  authMethod: 'custody' | 'authAddress'
}

export type SignInExpectation = {
  message: string
  signature: Hex
  /** The channel's nonce, and the domain and URI this service's channels ask the message to name. */
  nonce: string
  domain: string
  uri: string
  now: number
}

/**
 * Checks a Sign In With Farcaster message as Farcaster's own verifier does: its SIWE form (chain 10,
 * statement, one `farcaster://fid/N` resource), the nonce, domain and URI it was asked for, its time window,
 * the signature (ERC-1271 and ERC-6492 aware, through viem), and that the signer may speak for the fid:
 * an auth address in the KeyRegistry (key type 2, added) or its custody address in the IdRegistry.
 */
export class SignInVerifier {
  private readonly client: PublicClient

  constructor(optimismRpcUrl: string) {
    // A smart account's signature check runs a factory and calldata the signer chose: capped in gas.
    this.client = createPublicClient({ transport: withCappedCalls(http(optimismRpcUrl, { retryCount: 1 })) })
  }

  async verify(expected: SignInExpectation): Promise<VerifiedSignIn> {
    const parsed = parseSiweMessage(expected.message)
    const { address, domain, uri, nonce, chainId, statement, resources, expirationTime, notBefore } = parsed
    if (!address || parsed.version !== '1' || chainId !== optimismChainId || statement !== farcasterStatement)
      throw new FarcasterRefusal('Invalid message: not a Sign In With Farcaster message')
    // viem reads a time that is not an EIP-4361 date-time as an invalid Date, which every comparison
    // below would pass.
    for (const [field, name] of timeFields)
      if (Number.isNaN(parsed[field]?.getTime()))
        throw new FarcasterRefusal(`Invalid message: ${name} is not a date-time`)
    const fidText = resources?.length === 1 ? fidResource.exec(resources[0] ?? '')?.[1] : undefined
    if (!fidText)
      throw new FarcasterRefusal('Invalid resources: exactly one farcaster://fid/<fid> is required')
    if (nonce !== expected.nonce) throw new FarcasterRefusal('Invalid nonce')
    if (domain !== expected.domain) throw new FarcasterRefusal('Invalid domain')
    // Exactly the channel's URI: the signer agreed to sign in there, not wherever a relay put instead.
    if (uri !== expected.uri) throw new FarcasterRefusal('Invalid uri')
    if (expirationTime && expirationTime.getTime() <= expected.now)
      throw new FarcasterRefusal('Expired message')
    if (notBefore && notBefore.getTime() > expected.now) throw new FarcasterRefusal('Message not yet valid')
    const fid = BigInt(fidText)
    let signed: boolean
    try {
      signed = await this.client.verifyMessage({
        address,
        message: expected.message,
        signature: expected.signature,
      })
    } catch {
      signed = false
    }
    if (!signed) throw new FarcasterRefusal('Invalid signature')
    const key = await this.client.readContract({
      address: farcasterKeyRegistry,
      abi: keyRegistryAbi,
      functionName: 'keyDataOf',
      args: [fid, authAddressKey(address)],
    })
    if (key.state === keyStateAdded && key.keyType === keyTypeAuthAddress)
      return { fid, signer: address, authMethod: 'authAddress' }
    const ownFid = await this.client.readContract({
      address: farcasterIdRegistry,
      abi: idRegistryAbi,
      functionName: 'idOf',
      args: [address],
    })
    if (ownFid === fid) return { fid, signer: address, authMethod: 'custody' }
    throw new FarcasterRefusal(
      `Invalid resource: signer ${address} is not an auth address or the custody address of fid ${fid}`,
    )
  }
}
