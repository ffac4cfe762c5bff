import { type EncodedAccount, getBase58Decoder, getBase64Decoder, type ReadonlyUint8Array } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { rpcErrorCodes, SolanaRpcError } from './rpcError.js'
import { mintDecimals, parseMint, parseTokenAccount, tokenPrograms, uiTokenAmount } from './tokenAccounts.js'

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'

/** The real RPC refuses base58 for data this long (base58 grows quadratically to encode). */
const maxBase58Bytes = 128

/** Agave reports this for accounts that are rent exempt (every account since rent collection ended). */
const rentExemptEpoch = 18446744073709551615n

function encodeData(
  data: ReadonlyUint8Array,
  encoding: Exclude<AccountEncoding, 'jsonParsed'>,
): string | [string, string] {
  if (encoding === 'base64+zstd')
    throw new SolanaRpcError(rpcErrorCodes.invalidParams, 'Invalid params: base64+zstd is not supported here')
  if (encoding === 'base64') return [getBase64Decoder().decode(data), 'base64']
  if (data.length > maxBase58Bytes)
    throw new SolanaRpcError(
      rpcErrorCodes.invalidRequest,
      'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    )
  const text = getBase58Decoder().decode(data)
  return encoding === 'binary' ? text : [text, 'base58']
}

function parsedData(svm: LiteSVM, account: EncodedAccount): object | undefined {
  const program = tokenPrograms[String(account.programAddress)]
  if (!program) return undefined
  const token = parseTokenAccount(account)
  if (token) {
    const decimals = mintDecimals(svm, token.mint) ?? 0
    return {
      program,
      space: Number(account.space),
      parsed: {
        type: 'account',
        info: {
          isNative: token.isNative,
          mint: token.mint,
          owner: token.owner,
          state: token.state,
          tokenAmount: uiTokenAmount(token.amount, decimals),
          ...(token.delegate
            ? { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }
            : {}),
        },
      },
    }
  }
  const mint = parseMint(account)
  if (!mint) return undefined
  return {
    program,
    space: Number(account.space),
    parsed: {
      type: 'mint',
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      },
    },
  }
}

/**
 * Room for an account's fields besides its data in an answer: owner, lamports, rentEpoch and the rest, or
 * a token account's jsonParsed info (under 600 bytes with a delegate).
 */
const accountFieldsBytes = 1024

/**
 * The bytes `encodeAccount` will answer for an account, known before encoding it, a little over rather
 * than under: base64 of its data (base58 is refused past 128 bytes) and room for the other fields.
 */
export function answerBytesOf(account: Pick<EncodedAccount, 'data'>): number {
  return 4 * Math.ceil(account.data.length / 3) + accountFieldsBytes
}

/** An account as the RPC answers it; jsonParsed falls back to base64 for data it cannot parse, as the real one. */
export function encodeAccount(svm: LiteSVM, account: EncodedAccount, encoding: AccountEncoding): object {
  const data =
    encoding === 'jsonParsed'
      ? (parsedData(svm, account) ?? encodeData(account.data, 'base64'))
      : encodeData(account.data, encoding)
  return {
    data,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: String(account.programAddress),
    rentEpoch: rentExemptEpoch,
    space: Number(account.space),
  }
}
