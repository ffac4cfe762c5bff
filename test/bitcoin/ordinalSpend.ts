import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { expect } from 'vitest'
import { type BitcoinProvider, bitcoinChains } from '../../bitcoin/index.js'
import type { LocalBitcoin } from '../../services/bitcoin/index.js'
import { faucet } from '../services/bitcoin/regtestChain.js'

const FEE_SATS = 1_000n

/**
 * Pays the taproot `ordinal` account a coin from the regtest faucet, then has `provider` sign a PSBT that spends
 * it to `to` and broadcast it: the transaction must reach the node's mempool.
 */
export async function spendOrdinalCoin(
  chain: LocalBitcoin,
  provider: BitcoinProvider,
  ordinal: { address: string; publicKey?: string | undefined },
  to: string,
): Promise<void> {
  if (!ordinal.publicKey) throw new Error('a taproot spend needs the account’s public key')
  const coin = await faucet(chain, ordinal.address, 50_000)
  const network = bitcoinChains.regtest.address
  const tx = new btc.Transaction()
  tx.addInput({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: {
      script: btc.OutScript.encode(btc.Address(network).decode(ordinal.address)),
      amount: coin.value,
    },
    tapInternalKey: hex.decode(ordinal.publicKey),
  })
  tx.addOutputAddress(to, coin.value - FEE_SATS, network)
  const signed = await provider.signPSBT({
    psbt: base64.encode(tx.toPSBT()),
    signInputs: [{ address: ordinal.address, index: 0 }],
    broadcast: true,
  })
  expect(signed.txid).toMatch(/^[0-9a-f]{64}$/)
  const mempool = (await fetch(`${chain.url}/api/mempool/txids`).then((r) => r.json())) as string[]
  expect(mempool).toContain(signed.txid)
}
