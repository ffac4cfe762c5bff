import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { bytesToHex, hexToBytes } from '../../../../crypto/encoding.js'
import { derivePrivateKey, ETHEREUM_PATH, HARDENED } from '../../../../services/frame/custody/bip32.js'
import { mnemonicToSeed } from '../../../../services/frame/custody/mnemonicSeed.js'
import { walletSecretOf } from '../../../../services/frame/custody/walletSecret.js'

// The derivation is ours (WebCrypto + viem's curve, to keep a second @noble copy out of the frame), so it
// is held to the published vectors and to @scure/bip32 / @scure/bip39 on random input.
const hardhatMnemonic = 'test test test test test test test test test test test junk'

describe('custody key derivation', () => {
  it('gives the BIP-39 seed @scure/bip39 gives (a Trezor vector, the Hardhat phrase)', async () => {
    const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
    expect(bytesToHex(await mnemonicToSeed(phrase))).toBe(bytesToHex(mnemonicToSeedSync(phrase)))
    expect(bytesToHex(await mnemonicToSeed(hardhatMnemonic))).toBe(
      bytesToHex(mnemonicToSeedSync(hardhatMnemonic)),
    )
  })

  it('follows BIP-32 test vector 1 (m/0H/1/2H/2/1000000000)', async () => {
    const seed = new Uint8Array(hexToBytes('000102030405060708090a0b0c0d0e0f'))
    const key = await derivePrivateKey(seed, [HARDENED, 1, 2 + HARDENED, 2, 1_000_000_000])
    expect(bytesToHex(key)).toBe('471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8')
  })

  it('matches @scure/bip32 on random seeds, hardened and normal steps', async () => {
    for (let i = 0; i < 8; i++) {
      const seed = crypto.getRandomValues(new Uint8Array(64))
      const expected = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0/0").privateKey
      expect(bytesToHex(await derivePrivateKey(seed, ETHEREUM_PATH))).toBe(bytesToHex(expected!))
    }
  })

  it('puts the first account of a phrase where every wallet does (Hardhat account 0)', async () => {
    const entropy = crypto.getRandomValues(new Uint8Array(16))
    const { mnemonic, privateKey } = await walletSecretOf(entropy)
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(mnemonic).getHdKey().privateKey).toEqual(hexToBytes(privateKey.slice(2)))
    const hardhat = await derivePrivateKey(await mnemonicToSeed(hardhatMnemonic), ETHEREUM_PATH)
    expect(bytesToHex(hardhat)).toBe('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  })
})
