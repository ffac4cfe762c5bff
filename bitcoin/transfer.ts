import { hex } from '@scure/base'
import type { BitcoinAccount } from './accounts.js'
import { isAddressOn } from './accounts.js'
import { addressScript } from './addressScript.js'
import { dustThreshold, inputWeights, selectCoins } from './coinSelection.js'
import type { BitcoinConnector } from './connectors/connector.js'
import { BitcoinError } from './errors.js'
import { type EsploraClient, maxFeeRate } from './esplora.js'
import type { BitcoinChain } from './networks.js'
import { encodePsbt, sameTransaction, signedTransaction } from './psbt.js'

export type TransferRequest = {
  /** The recipient's address on the connection's network. */
  recipient: string
  /** Whole satoshis, as a string or bigint (AppKit's `sendTransfer({ amount })` passes a string). */
  amount: string | bigint
  /**
   * sat/vB, above 0 and at most 10,000 (Core's -maxfeerate), rounded up to a whole one; the Esplora's next-block
   * estimate by default.
   */
  feeRate?: number
}

// 21 million BTC, all there will ever be: within a number's exact integers, which Unisat and sats-connect
// take the amount as, and a PSBT's 64-bit amounts.
const maxSats = 2_100_000_000_000_000n

/** Satoshis as a bigint: a whole, positive number, at most 21 million BTC, nothing else. */
export function satsOf(amount: string | bigint): bigint {
  const sats = typeof amount === 'bigint' ? amount : /^[1-9][0-9]{0,15}$/.test(amount) ? BigInt(amount) : 0n
  if (sats > 0n && sats <= maxSats) return sats
  throw new BitcoinError('INVALID_AMOUNT', undefined, String(amount))
}

/** A fee rate as the host gave it: a number above 0 and at most Core's ceiling, nothing else. */
function feeRateOf(feeRate: number): number {
  if (Number.isFinite(feeRate) && feeRate > 0 && feeRate <= maxFeeRate) return feeRate
  throw new BitcoinError('INVALID_FEE_RATE', undefined, String(feeRate))
}

/** The x-only key a taproot input needs (a 33-byte key loses its prefix). */
const xOnly = (publicKey: string) => {
  const bytes = hex.decode(publicKey)
  return bytes.length === 33 ? bytes.subarray(1) : bytes
}

/**
 * An unsigned PSBT paying `sats` to `recipient` from the payment account's coins, change back to it; coins
 * picked by `selectCoins` at `feeRate` (rounded up to a whole sat/vB). Confirmed and unconfirmed coins are
 * both spent, as a wallet does. Only p2wpkh and p2tr (key path) accounts are spent from: a wallet's p2sh or
 * p2wsh account needs scripts the account model does not carry, and a p2pkh input its whole previous
 * transaction.
 */
export async function transferPsbt(input: {
  from: BitcoinAccount
  recipient: string
  sats: bigint
  feeRate: number
  chain: BitcoinChain
  esplora: EsploraClient
}): Promise<{ psbt: Uint8Array; fee: bigint; inputs: number }> {
  const { from, chain } = input
  const network = chain.address
  const { type, script } = addressScript(from.address, network)
  if (type !== 'p2wpkh' && type !== 'p2tr')
    throw new BitcoinError('WALLET_ANSWER', undefined, `no transfer from the ${type} account ${from.address}`)
  // A taproot input is signed for its internal key, which the PSBT must name: without it no wallet signs.
  if (type === 'p2tr' && !from.publicKey)
    throw new BitcoinError(
      'WALLET_ANSWER',
      undefined,
      `no public key for the taproot account ${from.address}`,
    )
  const tapInternalKey = type === 'p2tr' && from.publicKey ? xOnly(from.publicKey) : undefined
  const selected = selectCoins({
    coins: await input.esplora.utxos(from.address),
    inputWeight: inputWeights[type],
    to: addressScript(input.recipient, network).script,
    amount: input.sats,
    change: script,
    feeRate: BigInt(Math.ceil(input.feeRate)),
  })
  if (!selected) throw new BitcoinError('INSUFFICIENT_FUNDS')
  const inputs = selected.coins.map((coin) => ({
    txid: coin.txid,
    vout: coin.vout,
    amount: coin.value,
    script,
    tapInternalKey,
  }))
  return {
    psbt: encodePsbt(inputs, selected.outputs),
    fee: selected.fee,
    inputs: inputs.length,
  }
}

/**
 * Sends `sats` from the payment account: the wallet's own transfer where it offers one, else a PSBT the
 * adapter builds, the wallet signs, the adapter finalises and broadcasts through Esplora. The txid.
 */
export async function sendBitcoin(
  connector: BitcoinConnector,
  accounts: readonly BitcoinAccount[],
  chain: BitcoinChain,
  esplora: EsploraClient,
  request: TransferRequest,
): Promise<string> {
  const sats = satsOf(request.amount)
  const hostFeeRate = request.feeRate === undefined ? undefined : feeRateOf(request.feeRate)
  const recipient = request.recipient.trim()
  if (!isAddressOn(recipient, chain.address)) throw new BitcoinError('INVALID_ADDRESS', undefined, recipient)
  // An output below dust is signed and then refused by every node, the user's approval spent for nothing.
  const dust = dustThreshold(addressScript(recipient, chain.address))
  if (sats < dust) throw new BitcoinError('BELOW_DUST', undefined, String(dust))
  if (connector.sendTransfer) return connector.sendTransfer({ to: recipient, sats, chain })
  const from = accounts.find((a) => a.purpose === 'payment')
  if (!from) throw new BitcoinError('INSUFFICIENT_FUNDS')
  const feeRate = hostFeeRate ?? (await esplora.feeRate())
  const built = await transferPsbt({ from, recipient, sats, feeRate, chain, esplora })
  const indexes = Array.from({ length: built.inputs }, (_, index) => index)
  const signed = await connector.signPsbt({
    psbt: built.psbt,
    inputs: [{ address: from.address, indexes }],
    accounts,
    chain,
    broadcast: false,
  })
  return broadcastSigned(esplora, built.psbt, signed.psbt)
}

/**
 * Broadcasts the transaction of `signed`, the wallet's answer to the PSBT `asked` (finalised here when the
 * wallet left that to the app), through Esplora; its txid. A transaction other than the one asked, with
 * inputs or outputs the wallet changed, is refused unsent. Esplora's answer must be the txid: any other
 * would reach the app as the payment's.
 */
export async function broadcastSigned(
  esplora: EsploraClient,
  asked: Uint8Array,
  signed: Uint8Array,
): Promise<string> {
  const { raw, txid } = signedTransaction(signed)
  if (!sameTransaction(asked, signed))
    throw new BitcoinError('WALLET_ANSWER', undefined, `a signed transaction ${txid}, not the one asked`)
  const answered = await esplora.broadcast(hex.encode(raw))
  if (answered !== txid)
    throw new BitcoinError('ESPLORA', undefined, `the broadcast answered ${answered}, not the txid ${txid}`)
  return txid
}
