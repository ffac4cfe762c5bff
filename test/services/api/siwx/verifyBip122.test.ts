import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import {
  Address,
  CompactSize,
  NETWORK,
  OutScript,
  p2pkh,
  p2sh,
  p2tr,
  p2wpkh,
  RawWitness,
  Script,
  SigHash,
  TEST_NETWORK,
  Transaction,
  WIF,
} from '@scure/btc-signer'
import { BIP322, Signer, Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { createSiwxVerifier } from '../../../../services/api/siwx/verify/index.js'

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const testnet = 'bip122:000000000933ea01ad0ee984209779ba'
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const regtestNetwork = { ...TEST_NETWORK, bech32: 'bcrt' }

// BIP-322's test vectors (bips/bip-0322.mediawiki, "Test vectors"): one key, its P2WPKH and P2TR addresses.
const vectorKey = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const vectorSegwitAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const vectorTaprootAddress = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const vectorSignatures = {
  empty:
    'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  helloWorld:
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  helloWorldTaproot:
    'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
}

const verifier = createSiwxVerifier({ rpcUrl: () => undefined })
const verify = (chainId: string, address: string, message: string, signature: string) =>
  verifier.verify({ chainId, address, message, signature })

const message = 'localhost wants you to sign in with your Bitcoin account:\nnonce 3xAmPl3nonce'

function addressesOf(wif: string, network: typeof NETWORK) {
  const publicKey = secp256k1.getPublicKey(WIF(network).decode(wif), true)
  return {
    p2wpkh: p2wpkh(publicKey, network).address as string,
    p2shP2wpkh: p2sh(p2wpkh(publicKey, network), network).address as string,
    p2tr: p2tr(publicKey.subarray(1), undefined, network).address as string,
    p2pkh: p2pkh(publicKey, network).address as string,
  }
}

/** A BIP-137 signature written here, from the BIP's text: header (type base + recovery id), r, s. */
function bip137Sign(secretKey: Uint8Array, text: string, headerBase: number): string {
  const magic = utf8ToBytes('Bitcoin Signed Message:\n')
  const bytes = utf8ToBytes(text)
  const framed = concatBytes(
    CompactSize.encode(BigInt(magic.length)),
    magic,
    CompactSize.encode(BigInt(bytes.length)),
    bytes,
  )
  const signature = secp256k1.sign(sha256(sha256(framed)), secretKey, { prehash: false, format: 'recovered' })
  return base64.encode(Uint8Array.of(headerBase + (signature[0] ?? 0), ...signature.subarray(1)))
}

/**
 * A forgery: another key's valid segwit v0 signature of the victim address's own `to_sign` (bip322-js
 * builds `to_spend`), with that other key in the witness. The BIP-143 script code names a key hash: the
 * one a P2WPKH address carries, or for P2SH-P2WPKH (whose address hides it) the forger's. Only the check
 * that the witness key is the address's key refuses it.
 */
function forgedWitness(victimAddress: string, text: string): string {
  const challenge = Address(NETWORK).decode(victimAddress)
  const victimScript = OutScript.encode(challenge)
  const toSpendId = BIP322.buildToSpendTx(text, Buffer.from(victimScript)).getId()
  const toSign = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: toSpendId,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: victimScript, amount: 0n },
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  const forgerKey = secp256k1.utils.randomSecretKey()
  const forgerPublicKey = secp256k1.getPublicKey(forgerKey, true)
  const scriptCode =
    challenge.type === 'wpkh'
      ? OutScript.encode({ type: 'pkh', hash: challenge.hash })
      : p2pkh(forgerPublicKey).script
  const digest = toSign.preimageWitnessV0(0, scriptCode, SigHash.ALL, 0n)
  const signature = secp256k1.sign(digest, forgerKey, { prehash: false, format: 'der' })
  return base64.encode(RawWitness.encode([Uint8Array.of(...signature, SigHash.ALL), forgerPublicKey]))
}

describe('bip122 sign-in signatures', () => {
  it("passes BIP-322's own vectors (empty message and 'Hello World', P2WPKH and P2TR) and refuses them swapped", async () => {
    expect(Verifier.verifySignature(vectorSegwitAddress, 'Hello World', vectorSignatures.helloWorld)).toBe(
      true,
    )
    expect(await verify(mainnet, vectorSegwitAddress, '', vectorSignatures.empty)).toBe(true)
    expect(await verify(mainnet, vectorSegwitAddress, 'Hello World', vectorSignatures.helloWorld)).toBe(true)
    expect(
      await verify(mainnet, vectorTaprootAddress, 'Hello World', vectorSignatures.helloWorldTaproot),
    ).toBe(true)
    expect(await verify(mainnet, vectorSegwitAddress, 'Hello World', vectorSignatures.empty)).toBe(false)
    expect(await verify(mainnet, vectorSegwitAddress, '', vectorSignatures.helloWorld)).toBe(false)
    expect(
      await verify(mainnet, vectorTaprootAddress, 'Hello world', vectorSignatures.helloWorldTaproot),
    ).toBe(false)
  })

  it('checks the address against the chain: the vectors are mainnet, so on testnet, regtest or an unknown chain they are false', async () => {
    for (const chainId of [testnet, regtest, 'bip122:00000000000000000000000000000000']) {
      expect(await verify(chainId, vectorSegwitAddress, 'Hello World', vectorSignatures.helloWorld)).toBe(
        false,
      )
    }
  })

  it.each([
    ['mainnet', mainnet, NETWORK],
    ['testnet', testnet, TEST_NETWORK],
    ['regtest', regtest, regtestNetwork],
  ])('verifies BIP-322 P2WPKH, P2SH-P2WPKH and P2TR signatures made by bip322-js on %s; a tampered message is false', async (_, chainId, network) => {
    const wif = WIF(network).encode(secp256k1.utils.randomSecretKey())
    const addresses = addressesOf(wif, network)
    for (const address of [addresses.p2wpkh, addresses.p2shP2wpkh, addresses.p2tr]) {
      const signature = Signer.sign(wif, address, message) as string
      expect(await verify(chainId, address, message, signature), address).toBe(true)
      expect(await verify(chainId, address, `${message}!`, signature), address).toBe(false)
    }
  })

  it("refuses a BIP-322 signature for another key's address of the same type", async () => {
    const signer = WIF(NETWORK).encode(secp256k1.utils.randomSecretKey())
    const other = addressesOf(WIF(NETWORK).encode(secp256k1.utils.randomSecretKey()), NETWORK)
    const own = addressesOf(signer, NETWORK)
    for (const type of ['p2wpkh', 'p2shP2wpkh', 'p2tr'] as const) {
      const signature = Signer.sign(signer, own[type], message) as string
      expect(await verify(mainnet, other[type], message, signature), type).toBe(false)
    }
  })

  it("refuses another key's valid signature of a P2WPKH or P2SH-P2WPKH address's to_sign", async () => {
    const victim = addressesOf(WIF(NETWORK).encode(secp256k1.utils.randomSecretKey()), NETWORK)
    for (const address of [victim.p2wpkh, victim.p2shP2wpkh]) {
      expect(await verify(mainnet, address, message, forgedWitness(address, message)), address).toBe(false)
    }
  })

  it('verifies BIP-137 legacy P2PKH signatures made by bip322-js (compressed key) and refuses a tampered one', async () => {
    for (const [chainId, network] of [
      [mainnet, NETWORK],
      [testnet, TEST_NETWORK],
    ] as const) {
      const wif = WIF(network).encode(secp256k1.utils.randomSecretKey())
      const { p2pkh: address } = addressesOf(wif, network)
      const signature = Signer.sign(wif, address, message) as string
      expect(base64.decode(signature)[0]).toBeGreaterThanOrEqual(31)
      expect(await verify(chainId, address, message, signature)).toBe(true)
      expect(await verify(chainId, address, `${message}!`, signature)).toBe(false)
      const flipped = base64.decode(signature)
      flipped[40] = (flipped[40] ?? 0) ^ 1
      expect(await verify(chainId, address, message, base64.encode(flipped))).toBe(false)
    }
  })

  it('verifies BIP-137 headers for an uncompressed P2PKH key, P2SH-P2WPKH and P2WPKH (checked by bip322-js too)', async () => {
    const secretKey = secp256k1.utils.randomSecretKey()
    const compressed = secp256k1.getPublicKey(secretKey, true)
    const cases = [
      { address: p2pkh(secp256k1.getPublicKey(secretKey, false)).address as string, headerBase: 27 },
      { address: p2sh(p2wpkh(compressed)).address as string, headerBase: 35 },
      { address: p2wpkh(compressed).address as string, headerBase: 39 },
    ]
    for (const { address, headerBase } of cases) {
      const signature = bip137Sign(secretKey, message, headerBase)
      expect(Verifier.verifySignature(address, message, signature), address).toBe(true)
      expect(await verify(mainnet, address, message, signature), address).toBe(true)
      expect(await verify(mainnet, address, `${message}!`, signature), address).toBe(false)
    }
    const compressedKeyAddress = p2pkh(compressed).address as string
    expect(await verify(mainnet, compressedKeyAddress, message, bip137Sign(secretKey, message, 27))).toBe(
      false,
    )
  })

  it('never throws and answers false for garbage addresses, signatures and chains', async () => {
    const { p2wpkh: address } = addressesOf(vectorKey, NETWORK)
    expect(address).toBe(vectorSegwitAddress)
    const garbage: [string, string, string][] = [
      [mainnet, address, ''],
      [mainnet, address, 'not base64!'],
      [mainnet, address, 'AAAA'],
      [mainnet, address, base64.encode(new Uint8Array(65).fill(27))],
      [mainnet, address, base64.encode(new Uint8Array(65).fill(200))],
      [mainnet, address, vectorSignatures.helloWorldTaproot],
      [mainnet, vectorTaprootAddress, vectorSignatures.helloWorld],
      [mainnet, 'bc1qnotanaddress', vectorSignatures.helloWorld],
      [mainnet, '', vectorSignatures.helloWorld],
      [mainnet, '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', vectorSignatures.helloWorld],
      ['bip122', address, vectorSignatures.helloWorld],
      ['bip122:', address, vectorSignatures.helloWorld],
    ]
    for (const [chainId, account, signature] of garbage) {
      expect(
        await verify(chainId, account, 'Hello World', signature),
        `${chainId} ${account} ${signature}`,
      ).toBe(false)
    }
  })
})
