import { address, type EncodedAccount, type ReadonlyUint8Array } from '@solana/kit'
import {
  AccountState,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LiteSVM } from 'litesvm'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** The two token programs and the name the RPC's jsonParsed encoding gives each. */
export const tokenPrograms: Readonly<Record<string, 'spl-token' | 'spl-token-2022'>> = {
  [TOKEN_PROGRAM_ADDRESS]: 'spl-token',
  [TOKEN_2022_PROGRAM_ADDRESS]: 'spl-token-2022',
}

export type UiTokenAmount = {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

/** `amount` base units as the RPC shows them: exact decimal string, trailing zeros dropped. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

// Token-2022 accounts are the classic layout followed by an account-type byte and extensions, so the
// first 165 (account) or 82 (mint) bytes decode with the classic decoders. A Token-2022 mint with
// extensions is padded to 165 bytes before its type byte, so the type byte tells the two apart.
const accountTypeOffset = getTokenSize()
const accountTypeMint = 1
const accountTypeAccount = 2

function tokenKind(data: ReadonlyUint8Array, program: string): 'account' | 'mint' | undefined {
  if (data.length === getMintSize()) return 'mint'
  if (data.length === getTokenSize()) return 'account'
  if (program !== TOKEN_2022_PROGRAM_ADDRESS || data.length <= accountTypeOffset) return undefined
  if (data[accountTypeOffset] === accountTypeAccount) return 'account'
  if (data[accountTypeOffset] === accountTypeMint) return 'mint'
  return undefined
}

export type ParsedTokenAccount = {
  mint: string
  owner: string
  amount: bigint
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: boolean
  delegate?: string
  delegatedAmount: bigint
}

export type ParsedMint = {
  decimals: number
  supply: bigint
  isInitialized: boolean
  mintAuthority: string | null
  freezeAuthority: string | null
}

export function parseTokenAccount(account: EncodedAccount): ParsedTokenAccount | undefined {
  const program = String(account.programAddress)
  if (!(program in tokenPrograms) || tokenKind(account.data, program) !== 'account') return undefined
  try {
    const token = getTokenDecoder().decode(account.data.subarray(0, getTokenSize()))
    return {
      mint: token.mint,
      owner: token.owner,
      amount: token.amount,
      state:
        token.state === AccountState.Frozen
          ? 'frozen'
          : token.state === AccountState.Initialized
            ? 'initialized'
            : 'uninitialized',
      isNative: token.isNative.__option === 'Some',
      ...(token.delegate.__option === 'Some' ? { delegate: token.delegate.value } : {}),
      delegatedAmount: token.delegatedAmount,
    }
  } catch {
    return undefined
  }
}

export function parseMint(account: EncodedAccount): ParsedMint | undefined {
  const program = String(account.programAddress)
  if (!(program in tokenPrograms) || tokenKind(account.data, program) !== 'mint') return undefined
  try {
    const mint = getMintDecoder().decode(account.data.subarray(0, getMintSize()))
    return {
      decimals: mint.decimals,
      supply: mint.supply,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
      freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
    }
  } catch {
    return undefined
  }
}

/** The decimals of the mint at `mint` as the chain holds it now, or undefined when it is not a mint. */
export function mintDecimals(svm: LiteSVM, mint: string): number | undefined {
  const account = svm.getAccount(address(mint))
  return account.exists ? parseMint(account)?.decimals : undefined
}
