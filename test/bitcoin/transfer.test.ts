import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { describe, expect, it, vi } from 'vitest'
import type { BitcoinAccount } from '../../bitcoin/accounts.js'
import type { BitcoinConnector } from '../../bitcoin/connectors/connector.js'
import { bitcoinChains, type EsploraClient, esploraClient, type Utxo } from '../../bitcoin/index.js'
import { sendBitcoin } from '../../bitcoin/transfer.js'
import { regtestKey } from '../services/bitcoin/regtestKeys.js'

const chain = bitcoinChains.regtest
const key = regtestKey('transfer')
const recipient = regtestKey('transfer recipient').p2wpkh.address
const from: BitcoinAccount = {
  address: key.p2wpkh.address,
  publicKey: hex.encode(secp256k1.getPublicKey(key.privateKey, true)),
  purpose: 'payment',
  addressType: 'p2wpkh',
}
const coins: Utxo[] = [{ txid: 'ab'.repeat(32), vout: 0, value: 100_000_000n, confirmed: true }]

/** A wallet holding the account's key: it signs what it is given, finalised, and counts the asks. */
function signingWallet(): BitcoinConnector & { signPsbt: ReturnType<typeof vi.fn> } {
  return {
    id: 'bip122:test',
    name: 'Test',
    connect: async () => [from],
    disconnect: async () => undefined,
    signMessage: async () => {
      throw new Error('not used')
    },
    signPsbt: vi.fn(async ({ psbt }: { psbt: Uint8Array }) => {
      const tx = btc.Transaction.fromPSBT(psbt)
      tx.sign(key.privateKey)
      tx.finalize()
      return { psbt: tx.toPSBT() }
    }),
    onChange: () => () => undefined,
  }
}

/** An Esplora holding `coins` for the account, with `fee-estimates` and `/tx` answered as given. */
function esploraAnswering(answers: { feeEstimates?: unknown; broadcast?: (raw: string) => string }) {
  const sent: string[] = []
  const fetcher = (async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname
    if (path.endsWith('/utxo'))
      return Response.json(
        coins.map((c) => ({
          txid: c.txid,
          vout: c.vout,
          value: Number(c.value),
          status: { confirmed: true },
        })),
      )
    if (path === '/api/fee-estimates') return Response.json(answers.feeEstimates ?? { '1': 2 })
    if (path === '/api/tx' && init?.method === 'POST') {
      const raw = String(init.body)
      sent.push(raw)
      return new Response(answers.broadcast?.(raw) ?? btc.Transaction.fromRaw(hex.decode(raw)).id)
    }
    return new Response('not found', { status: 404 })
  }) as typeof fetch
  return { esplora: esploraClient('http://esplora.test/api', fetcher), sent }
}

const send = (
  wallet: BitcoinConnector,
  esplora: EsploraClient,
  feeRate?: number,
  amount = '10000',
  to = recipient,
) =>
  sendBitcoin(wallet, [from], chain, esplora, {
    recipient: to,
    amount,
    ...(feeRate === undefined ? {} : { feeRate }),
  })

describe('sendBitcoin', () => {
  it('sends at a fee rate the host gives within Bitcoin Core’s relay bounds, and answers the txid', async () => {
    const wallet = signingWallet()
    const { esplora, sent } = esploraAnswering({})
    const txid = await send(wallet, esplora, 3)
    expect(txid).toBe(btc.Transaction.fromRaw(hex.decode(sent[0]!)).id)
    expect(wallet.signPsbt).toHaveBeenCalledTimes(1)
  })

  it('sends from a taproot payment account, its signed txid the one it was asked to sign', async () => {
    const taproot: BitcoinAccount = {
      address: key.p2tr.address,
      publicKey: hex.encode(key.p2tr.internalKey),
      purpose: 'payment',
      addressType: 'p2tr',
    }
    const { esplora, sent } = esploraAnswering({})
    const txid = await sendBitcoin(signingWallet(), [taproot], chain, esplora, { recipient, amount: '10000' })
    expect(txid).toBe(btc.Transaction.fromRaw(hex.decode(sent[0]!)).id)
  })

  it('refuses a host fee rate that is not a positive number of sat/vB up to 10,000 before the wallet is asked', async () => {
    for (const feeRate of [Number.NaN, Number.POSITIVE_INFINITY, -5, 0, 10_001, 1e9]) {
      const wallet = signingWallet()
      const { esplora } = esploraAnswering({})
      await expect(send(wallet, esplora, feeRate)).rejects.toMatchObject({ code: 'INVALID_FEE_RATE' })
      expect(wallet.signPsbt).not.toHaveBeenCalled()
    }
  })

  it('refuses an amount above the 21 million BTC there will ever be, which a wallet taking a number would round', async () => {
    for (const amount of ['9999999999999999', 2_100_000_000_000_001n, 2n ** 64n + 10_000n]) {
      const sendTransfer = vi.fn(async () => 'ab'.repeat(32))
      const wallet = { ...signingWallet(), sendTransfer }
      const { esplora } = esploraAnswering({})
      await expect(sendBitcoin(wallet, [from], chain, esplora, { recipient, amount })).rejects.toMatchObject({
        code: 'INVALID_AMOUNT',
      })
      expect(sendTransfer).not.toHaveBeenCalled()
    }
    const sendTransfer = vi.fn(async () => 'ab'.repeat(32))
    await sendBitcoin({ ...signingWallet(), sendTransfer }, [from], chain, esploraAnswering({}).esplora, {
      recipient,
      amount: 2_100_000_000_000_000n,
    })
    expect(sendTransfer).toHaveBeenCalledTimes(1)
  })

  it("refuses an Esplora's fee estimate above 10,000 sat/vB, so the wallet is never asked to pay it", async () => {
    const wallet = signingWallet()
    // At 500,000 sat/vB the one-coin payment of 10,000 sats would pay about 0.7 BTC in fee.
    const { esplora } = esploraAnswering({ feeEstimates: { '1': 500_000, '6': 400_000 } })
    await expect(send(wallet, esplora)).rejects.toMatchObject({ code: 'ESPLORA' })
    expect(wallet.signPsbt).not.toHaveBeenCalled()
  })

  it('refuses an amount below the dust limit of the recipient’s script before the wallet is asked (p2wpkh 294, p2tr 330, p2pkh 546)', async () => {
    const p2tr = regtestKey('transfer recipient').p2tr.address
    const p2pkh = btc.Address(btc.TEST_NETWORK).encode({ type: 'pkh', hash: new Uint8Array(20).fill(7) })
    for (const [to, dust] of [
      [recipient, 294],
      [p2tr, 330],
      [p2pkh, 546],
    ] as const) {
      const refused = signingWallet()
      await expect(
        send(refused, esploraAnswering({}).esplora, 2, String(dust - 1), to),
      ).rejects.toMatchObject({ code: 'BELOW_DUST' })
      expect(refused.signPsbt).not.toHaveBeenCalled()
      const sent = signingWallet()
      await send(sent, esploraAnswering({}).esplora, 2, String(dust), to)
      expect(sent.signPsbt).toHaveBeenCalledTimes(1)
    }
  })

  it('refuses, and broadcasts nothing, when the wallet answers a transaction other than the one it was asked to sign', async () => {
    const thief = regtestKey('transfer thief').p2wpkh.script
    const wallet = signingWallet()
    wallet.signPsbt.mockImplementation(async ({ psbt }: { psbt: Uint8Array }) => {
      const asked = btc.Transaction.fromPSBT(psbt)
      // The same coins, all but the fee paid elsewhere.
      const tx = new btc.Transaction()
      for (let i = 0; i < asked.inputsLength; i++) tx.addInput(asked.getInput(i))
      tx.addOutput({ script: thief, amount: 99_990_000n })
      tx.sign(key.privateKey)
      tx.finalize()
      return { psbt: tx.toPSBT() }
    })
    const { esplora, sent } = esploraAnswering({})
    await expect(send(wallet, esplora, 2)).rejects.toMatchObject({ code: 'WALLET_ANSWER' })
    expect(sent).toHaveLength(0)
  })

  it("refuses an Esplora's broadcast answer naming a txid other than the transaction's", async () => {
    const wallet = signingWallet()
    const other = 'cd'.repeat(32)
    const { esplora, sent } = esploraAnswering({ broadcast: () => other })
    await expect(send(wallet, esplora, 2)).rejects.toMatchObject({ code: 'ESPLORA' })
    expect(sent).toHaveLength(1)
  })
})
