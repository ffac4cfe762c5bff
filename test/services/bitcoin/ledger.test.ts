import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hexToBytes } from '@noble/hashes/utils.js'
import * as btc from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { RegtestLedger } from '../../../services/bitcoin/ledger.js'
import { REGTEST } from '../../../services/bitcoin/regtest.js'
import { TxRejection } from '../../../services/bitcoin/rejection.js'
import { regtestKey, signedSpend, type TestCoin } from './regtestKeys.js'

const alice = regtestKey('alice')
const bob = regtestKey('bob')
const now = 1_800_000_000

function funded(sats = 100_000n, to: { script: Uint8Array } = alice.p2wpkh) {
  const ledger = new RegtestLedger({ maxMempoolTxs: 100 })
  const { txid, vout } = ledger.faucet(to.script, sats, now)
  return { ledger, coin: { txid, vout, value: sats } satisfies TestCoin }
}

/** The rejection `accept` throws for `raw`, as Esplora words it. */
function refusal(ledger: RegtestLedger, raw: Uint8Array): { code: number; message: string } {
  try {
    ledger.accept(raw)
  } catch (error) {
    if (error instanceof TxRejection) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('accepted')
}

const pay = (amount: bigint, to: { script: Uint8Array } = bob.p2wpkh) => ({ script: to.script, amount })

describe('the regtest ledger accepts valid spends', () => {
  it('a p2wpkh spend enters the mempool, is mined, and moves the coins between addresses', () => {
    const { ledger, coin } = funded()
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(60_000n), pay(39_000n, alice.p2wpkh)])
    expect(ledger.accept(tx.extract())).toBe(tx.id)
    expect(ledger.addressStats(bob.p2wpkh.script).mempool).toMatchObject({
      funded_txo_sum: 60_000,
      tx_count: 1,
    })
    expect(ledger.utxosOf(alice.p2wpkh.script).map((u) => [u.txid, u.value])).toEqual([[tx.id, 39_000n]])
    const [hash] = ledger.mine(1, now + 60)
    expect(ledger.tip.hash).toBe(hash)
    expect(ledger.tx(tx.id)?.block?.height).toBe(2)
    expect(ledger.tx(tx.id)?.fee).toBe(1_000n)
    expect(ledger.addressStats(alice.p2wpkh.script).chain).toEqual({
      funded_txo_count: 2,
      funded_txo_sum: 139_000,
      spent_txo_count: 1,
      spent_txo_sum: 100_000,
      tx_count: 2,
    })
    expect(ledger.utxosOf(bob.p2wpkh.script)).toEqual([
      { txid: tx.id, vout: 0, value: 60_000n, block: ledger.tx(tx.id)?.block },
    ])
    expect(ledger.mempoolSize).toBe(0)
  })

  it('a taproot key-path spend and a chain of unconfirmed spends are accepted', () => {
    const { ledger, coin } = funded(100_000n, alice.p2tr)
    const first = signedSpend(alice, alice.p2tr, [coin], [pay(90_000n, alice.p2tr)])
    ledger.accept(first.extract())
    const second = signedSpend(
      alice,
      alice.p2tr,
      [{ txid: first.id, vout: 0, value: 90_000n }],
      [pay(80_000n)],
    )
    expect(ledger.accept(second.extract())).toBe(second.id)
    ledger.mine(1, now)
    expect(ledger.tx(first.id)?.block?.hash).toBe(ledger.tx(second.id)?.block?.hash)
  })

  it('a snapshot rebuilds the same chain, UTXOs and mempool', () => {
    const { ledger, coin } = funded()
    const mined = signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n, alice.p2wpkh)])
    ledger.accept(mined.extract())
    ledger.mine(2, now)
    const pending = signedSpend(
      alice,
      alice.p2wpkh,
      [{ txid: mined.id, vout: 0, value: 90_000n }],
      [pay(80_000n)],
    )
    ledger.accept(pending.extract())
    const copy = new RegtestLedger({ maxMempoolTxs: 100 })
    copy.restore(JSON.parse(JSON.stringify(ledger.snapshot())))
    expect(copy.tip).toEqual(ledger.tip)
    expect(copy.mempoolTxs().map((tx) => tx.txid)).toEqual([pending.id])
    expect(copy.addressStats(bob.p2wpkh.script)).toEqual(ledger.addressStats(bob.p2wpkh.script))
    expect(copy.utxosOf(alice.p2wpkh.script)).toEqual(ledger.utxosOf(alice.p2wpkh.script))
  })
})

describe('the regtest ledger refuses what Bitcoin Core refuses, with its error texts', () => {
  it('a tampered p2wpkh signature', () => {
    const { ledger, coin } = funded()
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)])
    const raw = tx.extract()
    const decoded = btc.RawTx.decode(raw)
    const sig = (decoded.witnesses?.[0]?.[0] as Uint8Array).slice()
    sig[sig.length - 5] = (sig[sig.length - 5] as number) ^ 0x01
    const tampered = btc.RawTx.encode({
      ...decoded,
      witnesses: [[sig, decoded.witnesses?.[0]?.[1] as Uint8Array]],
    })
    expect(refusal(ledger, tampered)).toEqual({
      code: -26,
      message:
        'mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)',
    })
  })

  it('a p2wpkh witness with another key, or with a non-DER signature', () => {
    const { ledger, coin } = funded()
    const decoded = btc.RawTx.decode(signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)]).extract())
    const [sig, pubkey] = decoded.witnesses?.[0] as Uint8Array[]
    const otherKey = secp256k1.getPublicKey(bob.privateKey, true)
    expect(
      refusal(ledger, btc.RawTx.encode({ ...decoded, witnesses: [[sig as Uint8Array, otherKey]] })).message,
    ).toBe('mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)')
    const longer = new Uint8Array([...(sig as Uint8Array).subarray(0, -1), 0x00, 0x01])
    expect(
      refusal(ledger, btc.RawTx.encode({ ...decoded, witnesses: [[longer, pubkey as Uint8Array]] })).message,
    ).toBe('mandatory-script-verify-flag-failed (Non-canonical DER signature)')
    expect(
      refusal(ledger, btc.RawTx.encode({ ...decoded, witnesses: [[pubkey as Uint8Array]] })).message,
    ).toBe('mandatory-script-verify-flag-failed (Witness program hash mismatch)')
  })

  it('a valid p2wpkh signature with a high S, as policy (non-mandatory) refuses it', () => {
    const { ledger, coin } = funded()
    const decoded = btc.RawTx.decode(signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)]).extract())
    const [sig, pubkey] = decoded.witnesses?.[0] as Uint8Array[]
    const low = secp256k1.Signature.fromBytes((sig as Uint8Array).subarray(0, -1), 'der')
    const high = new secp256k1.Signature(low.r, secp256k1.Point.CURVE().n - low.s)
    const highSig = new Uint8Array([...high.toBytes('der'), 0x01])
    expect(
      refusal(ledger, btc.RawTx.encode({ ...decoded, witnesses: [[highSig, pubkey as Uint8Array]] })),
    ).toEqual({
      code: -26,
      message: 'non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)',
    })
  })

  it('a tampered taproot key-path signature, and one of a wrong size', () => {
    const { ledger, coin } = funded(100_000n, alice.p2tr)
    const decoded = btc.RawTx.decode(signedSpend(alice, alice.p2tr, [coin], [pay(90_000n)]).extract())
    const sig = (decoded.witnesses?.[0]?.[0] as Uint8Array).slice()
    sig[10] = (sig[10] as number) ^ 0x80
    expect(refusal(ledger, btc.RawTx.encode({ ...decoded, witnesses: [[sig]] })).message).toBe(
      'mandatory-script-verify-flag-failed (Invalid Schnorr signature)',
    )
    expect(
      refusal(ledger, btc.RawTx.encode({ ...decoded, witnesses: [[sig.subarray(0, 63)]] })).message,
    ).toBe('mandatory-script-verify-flag-failed (Invalid Schnorr signature size)')
  })

  it('a dust output (100 sat to p2wpkh; the threshold is 294)', () => {
    const { ledger, coin } = funded()
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(293n), pay(98_000n, alice.p2wpkh)])
    expect(refusal(ledger, tx.extract())).toEqual({ code: -26, message: 'dust' })
    const taproot = signedSpend(
      alice,
      alice.p2wpkh,
      [coin],
      [pay(329n, bob.p2tr), pay(98_000n, alice.p2wpkh)],
    )
    expect(refusal(ledger, taproot.extract()).message).toBe('dust')
    const justEnough = signedSpend(
      alice,
      alice.p2wpkh,
      [coin],
      [pay(294n), pay(330n, bob.p2tr), pay(98_000n, alice.p2wpkh)],
    )
    expect(ledger.accept(justEnough.extract())).toBe(justEnough.id)
  })

  it('a fee under 1 sat/vB', () => {
    const { ledger, coin } = funded()
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(99_950n)])
    expect(tx.vsize).toBeGreaterThan(50)
    expect(refusal(ledger, tx.extract())).toEqual({
      code: -26,
      message: `min relay fee not met, 50 < ${tx.vsize}`,
    })
  })

  it("a fee above sendrawtransaction's default maxfeerate of 10,000 sat/vB, though valid", () => {
    const { ledger, coin } = funded(10_000_000n)
    const absurd = signedSpend(alice, alice.p2wpkh, [coin], [pay(8_000_000n)])
    expect(absurd.fee).toBeGreaterThan(10_000n * BigInt(absurd.vsize))
    expect(refusal(ledger, absurd.extract())).toEqual({
      code: -25,
      message: 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
    })
    const high = signedSpend(alice, alice.p2wpkh, [coin], [pay(10_000_000n - 10_000n * BigInt(absurd.vsize))])
    expect(ledger.accept(high.extract())).toBe(high.id)
  })

  it('a double spend in the mempool, then of a confirmed spend', () => {
    const { ledger, coin } = funded()
    ledger.accept(signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)]).extract())
    const conflicting = signedSpend(alice, alice.p2wpkh, [coin], [pay(80_000n)])
    expect(refusal(ledger, conflicting.extract())).toEqual({ code: -26, message: 'txn-mempool-conflict' })
    ledger.mine(1, now)
    expect(refusal(ledger, conflicting.extract())).toEqual({
      code: -25,
      message: 'bad-txns-inputs-missingorspent',
    })
  })

  it('a replay of a mined transaction; the same one again while in the mempool changes nothing', () => {
    const { ledger, coin } = funded()
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)])
    ledger.accept(tx.extract())
    expect(ledger.accept(tx.extract())).toBe(tx.id)
    expect(ledger.mempoolSize).toBe(1)
    ledger.mine(1, now)
    expect(refusal(ledger, tx.extract())).toEqual({
      code: -27,
      message: 'Transaction outputs already in utxo set',
    })
    const spendsAll = signedSpend(bob, bob.p2wpkh, [{ txid: tx.id, vout: 0, value: 90_000n }], [pay(80_000n)])
    ledger.accept(spendsAll.extract())
    ledger.mine(1, now)
    expect(refusal(ledger, tx.extract())).toEqual({ code: -25, message: 'bad-txns-inputs-missingorspent' })
  })

  it('outputs worth more than the inputs', () => {
    const { ledger, coin } = funded(10_000n)
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(20_000n)], [30_000n])
    expect(refusal(ledger, tx.extract())).toEqual({
      code: -26,
      message: 'bad-txns-in-belowout, value in (0.0001) < value out (0.0002)',
    })
  })

  it('a PSBT signed over a wrong prevout amount fails to verify (p2wpkh and taproot)', () => {
    const { ledger, coin } = funded()
    const psbt = btc.Transaction.fromPSBT(signedSpendPsbt(alice.p2wpkh, coin, 100_001n))
    psbt.sign(alice.privateKey)
    psbt.finalize()
    expect(refusal(ledger, psbt.extract()).message).toBe(
      'mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)',
    )
    const taproot = funded(100_000n, alice.p2tr)
    const lying = signedSpend(alice, alice.p2tr, [taproot.coin], [pay(90_000n)], [100_500n])
    expect(refusal(taproot.ledger, lying.extract()).message).toBe(
      'mandatory-script-verify-flag-failed (Invalid Schnorr signature)',
    )
    const honest = signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)])
    expect(ledger.accept(honest.extract())).toBe(honest.id)
  })

  it('missing inputs, undecodable bytes, a spend of an output kind it does not verify, an unknown output script', () => {
    const { ledger, coin } = funded()
    const missing = signedSpend(alice, alice.p2wpkh, [{ ...coin, txid: 'ab'.repeat(32) }], [pay(90_000n)])
    expect(refusal(ledger, missing.extract())).toEqual({
      code: -25,
      message: 'bad-txns-inputs-missingorspent',
    })
    expect(refusal(ledger, hexToBytes('0200000000'))).toEqual({
      code: -22,
      message: 'TX decode failed. Make sure the tx has at least one input.',
    })
    const legacy = btc.p2pkh(secp256k1.getPublicKey(alice.privateKey, true), REGTEST)
    const legacyCoin = ledger.faucet(legacy.script, 50_000n, now)
    const tx = new btc.Transaction()
    tx.addInput({ txid: legacyCoin.txid, index: 0, nonWitnessUtxo: ledger.tx(legacyCoin.txid)?.raw })
    tx.addOutput(pay(40_000n))
    tx.sign(alice.privateKey)
    tx.finalize()
    expect(refusal(ledger, tx.extract()).message).toBe('bad-txns-nonstandard-inputs')
    const odd = signedSpend(
      alice,
      alice.p2wpkh,
      [coin],
      [{ script: hexToBytes(`5114${'00'.repeat(20)}`), amount: 90_000n }],
    )
    expect(refusal(ledger, odd.extract()).message).toBe('scriptpubkey')
  })
})

/** A PSBT spending `coin` whose witnessUtxo claims `claimed` sats, unsigned. */
function signedSpendPsbt(from: { script: Uint8Array }, coin: TestCoin, claimed: bigint): Uint8Array {
  const tx = new btc.Transaction()
  tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script: from.script, amount: claimed } })
  tx.addOutput(pay(90_000n))
  return tx.toPSBT()
}
