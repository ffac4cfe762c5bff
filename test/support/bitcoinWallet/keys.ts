import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import * as btc from '@scure/btc-signer'
import { type BitcoinChain, bitcoinChains } from '../../../bitcoin/networks.js'

/** The test networks a test wallet can be on; each has its own address prefix or genesis. */
export type TestWalletChain = 'regtest' | 'signet' | 'testnet4'

export type TestAccount = {
  purpose: 'payment' | 'ordinals'
  addressType: 'p2wpkh' | 'p2tr'
  address: string
  /** Hex: 33 bytes for p2wpkh, the 32-byte x-only internal key for p2tr. */
  publicKey: string
  path: string
  script: Uint8Array
  privateKey: Uint8Array
  internalKey?: Uint8Array
}

const paths = { payment: "m/84'/1'/0'/0/0", ordinals: "m/86'/1'/0'/0/0" } as const

/** BIP84 payment (p2wpkh) and BIP86 ordinal (p2tr key path) accounts of a fixed test seed, on `chain`. */
export function bitcoinTestAccounts(seedName: string, chain: TestWalletChain): TestAccount[] {
  const root = HDKey.fromMasterSeed(sha256(utf8ToBytes(`pairwise bitcoin test wallet ${seedName}`)))
  const network = bitcoinChains[chain].address
  return (['payment', 'ordinals'] as const).map((purpose) => {
    const key = root.derive(paths[purpose])
    const privateKey = key.privateKey as Uint8Array
    const publicKey = key.publicKey as Uint8Array
    if (purpose === 'payment') {
      const payment = btc.p2wpkh(publicKey, network)
      return {
        purpose,
        addressType: 'p2wpkh',
        address: payment.address as string,
        publicKey: hex.encode(publicKey),
        path: paths[purpose],
        script: payment.script,
        privateKey,
      }
    }
    const internalKey = publicKey.subarray(1)
    const payment = btc.p2tr(internalKey, undefined, network)
    return {
      purpose,
      addressType: 'p2tr',
      address: payment.address as string,
      publicKey: hex.encode(internalKey),
      path: paths[purpose],
      script: payment.script,
      privateKey,
      internalKey,
    }
  })
}

/** The payment address of a seed no test wallet uses: a recipient that holds nothing yet. */
export function freshAddress(seedName: string, chain: TestWalletChain = 'regtest'): string {
  return (bitcoinTestAccounts(seedName, chain)[0] as TestAccount).address
}

/**
 * What an app is given for a wallet's `payment` and `ordinal` accounts: payment first, each with the address,
 * publicKey and path the wallet stated, its purpose and its address type.
 */
export function connectedAccounts(
  payment: Pick<TestAccount, 'address' | 'publicKey' | 'path'>,
  ordinal: Pick<TestAccount, 'address' | 'publicKey' | 'path'>,
) {
  return [
    { ...statedBy(payment), purpose: 'payment', addressType: 'p2wpkh' },
    { ...statedBy(ordinal), purpose: 'ordinal', addressType: 'p2tr' },
  ]
}

const statedBy = ({ address, publicKey, path }: Pick<TestAccount, 'address' | 'publicKey' | 'path'>) => ({
  address,
  publicKey,
  path,
})

const tag = sha256(utf8ToBytes('BIP0322-signed-message'))
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))

/** BIP-322 "simple": the witness that spends the virtual `to_spend` of `message` to `account`'s script. */
export function signBip322Simple(account: TestAccount, message: string): Uint8Array {
  const messageHash = sha256(concatBytes(tag, tag, utf8ToBytes(message)))
  const toSpend = btc.RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: btc.Script.encode(['OP_0', messageHash]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script: account.script }],
    witnesses: [],
    lockTime: 0,
  })
  const toSign = new btc.Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: sha256d(toSpend).reverse(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: account.script, amount: 0n },
    ...(account.internalKey ? { tapInternalKey: account.internalKey } : {}),
  })
  toSign.addOutput({ script: btc.Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(account.privateKey, 0)
  toSign.finalizeIdx(0)
  return btc.RawWitness.encode(toSign.getInput(0).finalScriptWitness as Uint8Array[])
}

/** BIP-137 ECDSA over "Bitcoin Signed Message", header 39 + recovery id (a p2wpkh key). */
export function signBip137(account: TestAccount, message: string): Uint8Array {
  const magic = utf8ToBytes('Bitcoin Signed Message:\n')
  const text = utf8ToBytes(message)
  const digest = sha256d(
    concatBytes(
      btc.CompactSize.encode(BigInt(magic.length)),
      magic,
      btc.CompactSize.encode(BigInt(text.length)),
      text,
    ),
  )
  const recovered = secp256k1.sign(digest, account.privateKey, { prehash: false, format: 'recovered' })
  return Uint8Array.of(39 + (recovered[0] as number), ...recovered.subarray(1))
}

/** Signs the PSBT's inputs `indexes` with `account`'s key; not finalised, as wallets answer a dapp. */
export function signPsbtInputs(
  psbt: Uint8Array,
  account: TestAccount,
  indexes: readonly number[],
): Uint8Array {
  const tx = btc.Transaction.fromPSBT(psbt, { allowUnknownOutputs: true })
  for (const index of indexes) tx.signIdx(account.privateKey, index)
  return tx.toPSBT()
}

export const chainOf = (chain: TestWalletChain): BitcoinChain => bitcoinChains[chain]

/**
 * A payment of `sats` to `to` from `payment`'s coins on the Esplora at `esploraUrl` (2 sat/vB, change back
 * to it), signed and finalised as a wallet's own transfer is; undefined when the coins do not cover it.
 */
export async function paymentTransaction(
  payment: TestAccount,
  chain: TestWalletChain,
  esploraUrl: string,
  to: string,
  sats: bigint,
): Promise<btc.Transaction | undefined> {
  const utxos = (await (await fetch(`${esploraUrl}/address/${payment.address}/utxo`)).json()) as {
    txid: string
    vout: number
    value: number
  }[]
  const network = bitcoinChains[chain].address
  const selected = btc.selectUTXO(
    utxos.map((u) => ({
      txid: hex.decode(u.txid),
      index: u.vout,
      witnessUtxo: { script: payment.script, amount: BigInt(u.value) },
    })),
    [{ address: to, amount: sats }],
    'default',
    { feePerByte: 2n, changeAddress: payment.address, network, createTx: true },
  )
  if (!selected?.tx) return undefined
  selected.tx.sign(payment.privateKey)
  selected.tx.finalize()
  return selected.tx
}

/** Sends a final transaction through the Esplora at `esploraUrl`; the txid, or the node's refusal thrown. */
export async function broadcastTransaction(esploraUrl: string, tx: btc.Transaction): Promise<string> {
  const response = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: hex.encode(tx.extract()) })
  const text = await response.text()
  if (!response.ok) throw new Error(text)
  return text.trim()
}

/** What `address` holds by the Esplora at `esploraUrl`, confirmed and in the mempool together, in sats. */
export async function esploraBalance(esploraUrl: string, address: string): Promise<number> {
  const stats = (await (await fetch(`${esploraUrl}/address/${address}`)).json()) as Record<
    'chain_stats' | 'mempool_stats',
    { funded_txo_sum: number; spent_txo_sum: number }
  >
  return [stats.chain_stats, stats.mempool_stats].reduce(
    (sum, s) => sum + s.funded_txo_sum - s.spent_txo_sum,
    0,
  )
}
