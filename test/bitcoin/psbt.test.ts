import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import type { BitcoinAccount } from '../../bitcoin/accounts.js'
import { BitcoinError, bitcoinChains, type EsploraClient, type Utxo } from '../../bitcoin/index.js'
import { signedTransaction } from '../../bitcoin/psbt.js'
import { transferPsbt } from '../../bitcoin/transfer.js'
import { regtestKey } from '../services/bitcoin/regtestKeys.js'

const chain = bitcoinChains.regtest
const network = chain.address
const key = regtestKey('psbt')
const recipient = regtestKey('psbt recipient').p2wpkh.address
const accounts = {
  p2wpkh: {
    address: key.p2wpkh.address,
    publicKey: hex.encode(secp256k1.getPublicKey(key.privateKey, true)),
    purpose: 'payment',
    addressType: 'p2wpkh',
  },
  p2tr: {
    address: key.p2tr.address,
    publicKey: hex.encode(key.p2tr.internalKey),
    purpose: 'payment',
    addressType: 'p2tr',
  },
} satisfies Record<string, BitcoinAccount>

/** Coins of made-up txids, with a fixed pseudo-random sequence of values so a failure replays. */
function coinsOf(seed: number, count: number): Utxo[] {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state
  }
  return Array.from({ length: count }, (_, i) => ({
    txid: hex.encode(Uint8Array.from({ length: 32 }, () => next() % 256)),
    vout: i % 3,
    // Values from dust to 0.5 BTC, with repeats so ties are ordered too.
    value: BigInt([300, 546, 1_000, 20_000, 20_000, 150_000, 50_000_000][next() % 7]! + (next() % 2) * 777),
    confirmed: true,
  }))
}

const finalisedHex = (psbt: Uint8Array) => hex.encode(signedTransaction(psbt).raw)

const esploraOf = (coins: Utxo[]) => ({ utxos: async () => coins }) as unknown as EsploraClient

/** What the adapter built with @scure/btc-signer before: its selection and PSBT, or undefined. */
function scurePsbt(from: BitcoinAccount, coins: Utxo[], sats: bigint, feeRate: number) {
  const script = btc.OutScript.encode(btc.Address(network).decode(from.address))
  const selected = btc.selectUTXO(
    coins.map((coin) => ({
      txid: hex.decode(coin.txid),
      index: coin.vout,
      witnessUtxo: { script, amount: coin.value },
      ...(from.addressType === 'p2tr' ? { tapInternalKey: hex.decode(from.publicKey!) } : {}),
    })),
    [{ address: recipient, amount: sats }],
    'default',
    {
      feePerByte: BigInt(Math.ceil(feeRate)),
      changeAddress: from.address,
      network,
      createTx: true,
      bip69: false,
    },
  )
  return selected?.tx && selected.fee !== undefined
    ? { psbt: selected.tx.toPSBT(), fee: selected.fee }
    : undefined
}

const build = (from: BitcoinAccount, coins: Utxo[], sats: bigint, feeRate: number) =>
  transferPsbt({ from, recipient, sats, feeRate, chain, esplora: esploraOf(coins) })

describe('Bitcoin PSBTs', () => {
  it('picks the coins, change and fee @scure/btc-signer picked, in the same PSBT bytes, or refuses as it did', async () => {
    let built = 0
    let refused = 0
    for (const from of Object.values(accounts))
      for (let seed = 1; seed <= 60; seed++) {
        const coins = coinsOf(seed, 1 + (seed % 9))
        const sats = BigInt([600, 5_000, 19_000, 40_000, 149_000, 1_000_000, 60_000_000][seed % 7]!)
        const feeRate = [1, 2.5, 7, 30][seed % 4]!
        const expected = scurePsbt(from, coins, sats, feeRate)
        if (!expected) {
          await expect(build(from, coins, sats, feeRate)).rejects.toMatchObject({
            code: 'INSUFFICIENT_FUNDS',
          })
          refused++
          continue
        }
        const ours = await build(from, coins, sats, feeRate)
        expect(hex.encode(ours.psbt)).toBe(hex.encode(expected.psbt))
        expect(ours.fee).toBe(expected.fee)
        built++
      }
    expect(built).toBeGreaterThan(40)
    expect(refused).toBeGreaterThan(10)
  })

  it("reads back through @scure/btc-signer's parser: outpoints, witness_utxo, the taproot internal key and outputs", async () => {
    const coins = coinsOf(7, 6)
    const { psbt, inputs } = await build(accounts.p2tr, coins, 1_000_000n, 3)
    const tx = btc.Transaction.fromPSBT(psbt)
    expect(tx.inputsLength).toBe(inputs)
    expect(tx.version).toBe(2)
    expect(tx.lockTime).toBe(0)
    for (let i = 0; i < inputs; i++) {
      const input = tx.getInput(i)
      const coin = coins.find((c) => c.txid === hex.encode(input.txid!) && c.vout === input.index)!
      expect(input.witnessUtxo).toEqual({ script: key.p2tr.script, amount: coin.value })
      expect(input.tapInternalKey).toEqual(key.p2tr.internalKey)
      expect(input.sequence).toBe(0xffffffff)
    }
    expect(tx.getOutput(0)).toMatchObject({ amount: 1_000_000n })
    expect(btc.Address(network).encode(btc.OutScript.decode(tx.getOutput(0).script!))).toBe(recipient)
    expect(btc.Address(network).encode(btc.OutScript.decode(tx.getOutput(1).script!))).toBe(key.p2tr.address)
  })

  it('extracts the raw transaction and txid of a PSBT the wallet signed, finalised by it or left to the app', async () => {
    for (const from of Object.values(accounts)) {
      const { psbt } = await build(from, coinsOf(11, 5), 150_000n, 2)
      const signed = btc.Transaction.fromPSBT(psbt)
      signed.sign(key.privateKey)
      const leftToApp = signed.toPSBT()
      signed.finalize()
      const expected = hex.encode(signed.extract())
      expect(finalisedHex(leftToApp)).toBe(expected)
      expect(finalisedHex(signed.toPSBT())).toBe(expected)
      expect(signedTransaction(leftToApp).txid).toBe(signed.id)
    }
  })

  it('refuses a PSBT that does not parse, and one with an input neither finalised nor signed, as the wallet answer', async () => {
    const { psbt } = await build(accounts.p2wpkh, coinsOf(5, 4), 40_000n, 2)
    const signed = btc.Transaction.fromPSBT(psbt)
    signed.sign(key.privateKey)
    const good = signed.toPSBT()
    const refusal = (bytes: Uint8Array) => {
      try {
        finalisedHex(bytes)
      } catch (error) {
        expect(error).toBeInstanceOf(BitcoinError)
        expect(error).toMatchObject({ code: 'WALLET_ANSWER' })
        return (error as Error).message
      }
      throw new Error('not refused')
    }
    const badMagic = good.slice()
    badMagic[0] = 0x50
    expect(refusal(badMagic)).toMatch(/^The wallet answered an unexpected shape: .*no PSBT magic bytes/)
    expect(refusal(good.subarray(0, good.length - 1))).toMatch(/ends early/)
    expect(refusal(Uint8Array.from([...good, 0]))).toMatch(/bytes after the last output map/)
    // The unsigned transaction's input count (after magic, key, value length and version) made 2^32 - 1.
    const countAt = 7 + (good[7]! < 0xfd ? 1 : 3) + 4
    expect(good[countAt]).toBe(btc.Transaction.fromPSBT(good).inputsLength)
    const hugeCount = Uint8Array.from([
      ...good.subarray(0, countAt),
      ...[0xfe, 0xff, 0xff, 0xff, 0xff],
      ...good.subarray(countAt + 1),
    ])
    expect(refusal(hugeCount)).toMatch(/a count beyond the bytes left/)
    expect(refusal(psbt)).toMatch(/input 0 has no final witness nor a signature to finalise it with/)
    // A signature by another key is no signature for this input.
    const [[, signature]] = signed.getInput(0).partialSig! as [[Uint8Array, Uint8Array]]
    const other = btc.Transaction.fromPSBT(psbt)
    other.updateInput(0, {
      partialSig: [[secp256k1.getPublicKey(regtestKey('psbt other').privateKey, true), signature]],
    })
    expect(refusal(other.toPSBT())).toMatch(/input 0 has no final witness/)
  })
})
