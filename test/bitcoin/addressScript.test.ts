import { schnorr } from '@noble/curves/secp256k1.js'
import { randomBytes } from '@noble/hashes/utils.js'
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { addressScript } from '../../bitcoin/addressScript.js'
import { addressTypeOf, bitcoinChains } from '../../bitcoin/index.js'
import type { AddressParams } from '../../bitcoin/networks.js'

const { mainnet, testnet4, regtest } = bitcoinChains
const scriptOf = (address: string, params: AddressParams = mainnet.address) => {
  const { type, script } = addressScript(address, params)
  return { type, script: hex.encode(script) }
}

describe('addressScript', () => {
  it('reads the BIP-173, BIP-350 and BIP-86 example addresses to their scriptPubKeys', () => {
    // BIP-173: p2wpkh (upper case is valid bech32) and a testnet p2wsh.
    expect(scriptOf('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({
      type: 'p2wpkh',
      script: '0014751e76e8199196d454941c45d1b3a323f1433bd6',
    })
    expect(
      scriptOf('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', testnet4.address),
    ).toEqual({
      type: 'p2wsh',
      script: '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
    })
    // BIP-350: taproot of the generator's x; BIP-86: m/86'/0'/0'/0/0 of its test mnemonic.
    expect(scriptOf('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toEqual({
      type: 'p2tr',
      script: '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    })
    expect(scriptOf('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toEqual({
      type: 'p2tr',
      script: '5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
    })
    expect(scriptOf('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual({
      type: 'p2pkh',
      script: '76a91477bff20c60e522dfaa3350c39b030a5d004e839a88ac',
    })
    expect(scriptOf('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toEqual({
      type: 'p2sh',
      script: 'a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87',
    })
  })

  it("agrees with @scure/btc-signer on every script type of every network's prefixes", () => {
    const kinds = [
      ['p2wpkh', () => ({ type: 'wpkh' as const, hash: randomBytes(20) })],
      ['p2wsh', () => ({ type: 'wsh' as const, hash: randomBytes(32) })],
      [
        'p2tr',
        () => ({ type: 'tr' as const, pubkey: schnorr.getPublicKey(schnorr.utils.randomSecretKey()) }),
      ],
      ['p2pkh', () => ({ type: 'pkh' as const, hash: randomBytes(20) })],
      ['p2sh', () => ({ type: 'sh' as const, hash: randomBytes(20) })],
    ] as const
    for (const { address: params } of Object.values(bitcoinChains))
      for (const [type, value] of kinds)
        for (let i = 0; i < 8; i++) {
          const decoded = value()
          const address = btc.Address(params).encode(decoded)
          expect(addressScript(address, params)).toEqual({ type, script: btc.OutScript.encode(decoded) })
        }
  })

  it('refuses another network, a broken checksum, the wrong bech32 variant and unknown programs', () => {
    const taproot = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
    const refused = (address: string, params: AddressParams = mainnet.address) =>
      expect(() => addressScript(address, params)).toThrow()
    refused(taproot, regtest.address)
    refused('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', testnet4.address)
    refused('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', testnet4.address)
    refused(`${taproot.slice(0, -1)}1`)
    refused('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')
    // BIP-350: a version 1 program in bech32 (BIP-173's old example), and version 0 in bech32m.
    refused('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx')
    refused('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')
    refused('BC1QW508d6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')
    refused('BC1SW50QA3JX3S')
    refused('bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj')
    // A taproot program that is no point's x (here x = 5: 5³ + 7 is no square mod p) can never be spent.
    const offCurve = btc
      .Address(mainnet.address)
      .encode({ type: 'tr' as const, pubkey: hex.decode(`${'00'.repeat(31)}05`) })
    expect(() => btc.OutScript.encode(btc.Address(mainnet.address).decode(offCurve))).toThrow()
    refused(offCurve)
    refused(
      btc.Address(mainnet.address).encode({ type: 'tr' as const, pubkey: new Uint8Array(32).fill(0xff) }),
    )
    expect(addressTypeOf('bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj')).toBe('unknown')
    expect(addressTypeOf('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).toBe('p2wsh')
  })
})
