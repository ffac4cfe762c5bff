/**
 * Why a transaction was refused, as Bitcoin Core's `sendrawtransaction` says it: the RPC error code and
 * its message (the reject reason and, for some, its detail). Esplora and mempool.space answer a failed
 * broadcast with 400 and the text `sendrawtransaction RPC error: {"code":…,"message":"…"}`, which wallets
 * match on the reason.
 */
export class TxRejection extends Error {
  override name = 'TxRejection'
  constructor(
    /** Core's RPC code: -22 undecodable, -25 missing or spent inputs, -26 refused by policy or consensus, -27 already mined. */
    readonly code: -22 | -25 | -26 | -27,
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(detail === undefined ? reason : `${reason}, ${detail}`)
  }

  /** The answer body Esplora writes for a failed `POST /tx`. */
  get esploraText(): string {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.message })}`
  }
}

/** The messages Core gives, as its `ScriptErrorString` writes the script errors this chain detects. */
export const scriptErrors = {
  evalFalse: 'Script evaluated without error but finished with a false/empty top stack element',
  equalVerify: 'Script failed an OP_EQUALVERIFY operation',
  pushSize: 'Push value size limit exceeded',
  sigDer: 'Non-canonical DER signature',
  sigHighS: 'Non-canonical signature: S value is unnecessarily high',
  sigHashType: 'Signature hash type missing or not understood',
  pubkeyType: 'Public key is neither compressed or uncompressed',
  witnessPubkeyType: 'Using non-compressed keys in segwit',
  witnessMismatch: 'Witness program hash mismatch',
  witnessEmpty: 'Witness program was passed an empty witness',
  witnessMalleated: 'Witness requires empty scriptSig',
  schnorrSigSize: 'Invalid Schnorr signature size',
  schnorrSigHashType: 'Invalid Schnorr signature hash type',
  schnorrSig: 'Invalid Schnorr signature',
} as const

export type ScriptError = (typeof scriptErrors)[keyof typeof scriptErrors]

/**
 * A script check's outcome as Core reports it: a failure under the consensus (mandatory) flags, or one only
 * policy flags catch (a high-S signature), which Core words differently.
 */
export type ScriptFailure = { mandatory: boolean; error: ScriptError }

export function scriptRejection({ mandatory, error }: ScriptFailure): TxRejection {
  return new TxRejection(
    -26,
    mandatory
      ? `mandatory-script-verify-flag-failed (${error})`
      : `non-mandatory-script-verify-flag (${error})`,
  )
}

/** Core's `FormatMoney`: bitcoins with at least two decimals, trailing zeros trimmed (`0.0001`, `1.00`). */
export function formatMoney(sats: bigint): string {
  const negative = sats < 0n
  const magnitude = negative ? -sats : sats
  const text = `${magnitude / 100_000_000n}.${(magnitude % 100_000_000n).toString().padStart(8, '0')}`
  return `${negative ? '-' : ''}${text.replace(/(\.\d\d\d*?)0+$/, '$1')}`
}
