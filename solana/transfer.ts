import { finerThan, parseUnits, WalletError } from '@pairwise/modal/adapter'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  isOffCurveAddress,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { formatUnits } from 'viem'
import * as z from 'zod/mini'
import { type PriorityFee, priorityFeeInstructions } from './computeBudget.js'
import { SolanaError } from './errors.js'
import type { SolanaRpc } from './rpc.js'

/** A transfer of SOL, or of the SPL token `mint` (Token or Token-2022), in whole units: `'0.1'`, `'1'`. */
export type TransferRequest = {
  to: string
  amount: string
  mint?: string
  /**
   * Lets a token go to an owner off the ed25519 curve, one no key signs for (a program's vault). Off by
   * default, as in spl-token's getAssociatedTokenAddressSync: an associated token account pasted as the
   * recipient is off the curve, and tokens paid to its own associated account are locked for good.
   */
  allowOwnerOffCurve?: boolean
}

export type TransferContext = {
  rpc: SolanaRpc
  from: string
  priorityFee?: PriorityFee | undefined
  /** Has the wallet sign (and send) the wire transaction; resolves with its signature. */
  send(wire: Uint8Array): Promise<Signature>
  confirm(signature: Signature, lastValidBlockHeight: bigint): Promise<void>
}

const lamportsPerSol = 9
/** A token account's size: 165 bytes, 170 under Token-2022 (its account-type byte and padding). */
const tokenAccountSize = { classic: 165n, token2022: 170n }
const token2022Program = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const tokenPrograms: readonly string[] = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', token2022Program]

const mintAccount = z.object({
  owner: z.string(),
  data: z.object({ parsed: z.object({ info: z.object({ decimals: z.number() }) }) }),
})

/**
 * Builds, checks, signs, sends and confirms a transfer. Before the wallet is asked: the recipient is a
 * Solana address, the amount is positive, a new SOL recipient gets at least its rent-exempt minimum, a new
 * token recipient's account is created (idempotently, so a race with another sender cannot fail it) with its
 * rent counted, and the sender can pay amount, rent and fee.
 */
export async function transfer(ctx: TransferContext, request: TransferRequest): Promise<Signature> {
  // kit's isAddress, not only base58 digits: 32 bytes, so address() below cannot throw an untyped error.
  if (!isAddress(request.to)) throw new SolanaError('INVALID_ADDRESS', undefined, request.to)
  if (request.mint !== undefined && !isAddress(request.mint))
    throw new SolanaError('INVALID_ADDRESS', undefined, `${request.mint} is not a token mint`)
  const from = address(ctx.from)
  const to = address(request.to)
  const planned = request.mint
    ? await tokenTransfer(ctx.rpc, from, to, address(request.mint), request)
    : await solTransfer(ctx.rpc, from, to, request.amount)
  const { value: blockhash } = await ctx.rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [...(ctx.priorityFee ? priorityFeeInstructions(ctx.priorityFee) : []), ...planned.instructions],
        m,
      ),
  )
  const transaction = compileTransaction(message)
  const fee = await networkFee(ctx, transaction.messageBytes)
  const { value: balance } = await ctx.rpc.getBalance(from).send()
  if (balance < planned.lamports + fee) throw new SolanaError('INSUFFICIENT_FUNDS')
  const signature = await ctx.send(new Uint8Array(getTransactionEncoder().encode(transaction)))
  await ctx.confirm(signature, blockhash.lastValidBlockHeight)
  return signature
}

type Planned = {
  instructions: Instruction[] /** SOL leaving the sender besides the fee. */
  lamports: bigint
}

async function solTransfer(rpc: SolanaRpc, from: Address, to: Address, amount: string): Promise<Planned> {
  const lamports = unitsOf(amount, lamportsPerSol)
  const { value: recipient } = await rpc.getAccountInfo(to, { encoding: 'base64' }).send()
  if (!recipient) {
    const minimum = await rpc.getMinimumBalanceForRentExemption(0n).send()
    if (lamports < minimum)
      throw new SolanaError('BELOW_RENT_MINIMUM', undefined, `${formatUnits(minimum, lamportsPerSol)} SOL`)
  }
  const source = createNoopSigner(from)
  return {
    instructions: [getTransferSolInstruction({ source, destination: to, amount: lamports })],
    lamports,
  }
}

async function tokenTransfer(
  rpc: SolanaRpc,
  from: Address,
  to: Address,
  mint: Address,
  request: Pick<TransferRequest, 'amount' | 'allowOwnerOffCurve'>,
): Promise<Planned> {
  // The tokens go to the associated account of `to`, which only `to` can move them from: a token account or
  // a mint as the owner locks them for good, and so does an address off the curve unless it is a program's.
  if (!request.allowOwnerOffCurve && isOffCurveAddress(to))
    throw new SolanaError('INVALID_ADDRESS', undefined, `${to} is off the curve: no wallet holds its key`)
  const { value: recipient } = await rpc.getAccountInfo(to, { encoding: 'base64' }).send()
  if (recipient && tokenPrograms.includes(recipient.owner))
    throw new SolanaError('INVALID_ADDRESS', undefined, `${to} is a token account or mint, not a wallet`)
  const { value: account } = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
  const parsed = z.safeParse(mintAccount, account)
  if (!parsed.success) throw new SolanaError('INVALID_ADDRESS', undefined, `${mint} is not a token mint`)
  const tokenProgram = address(parsed.data.owner)
  const { decimals } = parsed.data.data.parsed.info
  const units = unitsOf(request.amount, decimals)
  const [source] = await findAssociatedTokenPda({ owner: from, mint, tokenProgram })
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
  const held = await rpc
    .getTokenAccountBalance(source)
    .send()
    .then(({ value }) => BigInt(value.amount))
    .catch(() => 0n)
  if (held < units) throw new SolanaError('INSUFFICIENT_FUNDS')
  const { value: existing } = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
  const size = tokenProgram === token2022Program ? tokenAccountSize.token2022 : tokenAccountSize.classic
  const rent = existing ? 0n : await rpc.getMinimumBalanceForRentExemption(size).send()
  const payer = createNoopSigner(from)
  const program = { programAddress: tokenProgram }
  return {
    instructions: [
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: to,
        mint,
        tokenProgram,
      }),
      getTransferCheckedInstruction(
        { source, mint, destination, authority: payer, amount: units, decimals },
        program,
      ),
    ],
    lamports: rent,
  }
}

async function networkFee(ctx: TransferContext, messageBytes: Transaction['messageBytes']): Promise<bigint> {
  const encoded = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const { value } = await ctx.rpc.getFeeForMessage(encoded).send()
  // A validator answers null for a blockhash it no longer knows; the send would fail the same way. Its fee
  // counts the priority fee the message's compute budget instructions set.
  if (value === null)
    throw new SolanaError('TRANSACTION_EXPIRED', undefined, 'the blockhash is no longer valid')
  return value
}

/**
 * `amount` in the smallest unit of a coin of `decimals`, more than 0. Digits beyond its decimals are refused:
 * parseUnits rounds them, and the wallet would be asked to send other than the host asked.
 */
function unitsOf(amount: string, decimals: number): bigint {
  if (finerThan(amount, decimals))
    throw new WalletError('INVALID_DECIMAL_NUMBER', undefined, `${amount} has more than ${decimals} decimals`)
  const units = parseUnits(amount, decimals)
  if (units <= 0n)
    throw new WalletError('INVALID_DECIMAL_NUMBER', undefined, 'the amount must be more than 0')
  return units
}
