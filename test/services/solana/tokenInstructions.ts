import type { Address, Instruction, KeyPairSigner } from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { TestSolana } from './localSolana.js'

export const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/**
 * A Test USD (6 decimals) transfer of `amount` base units from `payer` to `recipient`, as wallets send one:
 * the recipient's associated account created if missing (idempotent), then `transferChecked`.
 */
export async function testUsdTransfer(
  chain: TestSolana,
  payer: KeyPairSigner,
  recipient: Address,
  amount: bigint,
): Promise<{
  source: Address
  destination: Address
  createDestination: Instruction
  instructions: Instruction[]
}> {
  const mint = chain.testUsdMint as Address
  const ata = async (owner: Address) =>
    (await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
  const [source, destination] = await Promise.all([ata(payer.address), ata(recipient)])
  const createDestination = getCreateAssociatedTokenIdempotentInstruction({
    payer,
    ata: destination,
    owner: recipient,
    mint,
  })
  const transfer = getTransferCheckedInstruction({
    source,
    mint,
    destination,
    authority: payer,
    amount,
    decimals: 6,
  })
  return { source, destination, createDestination, instructions: [createDestination, transfer] }
}

/**
 * A new Token-2022 mint of `decimals`, with `payer` its authority, and `amount` minted to `payer`'s
 * associated account: every step in one transaction's instructions.
 */
export async function token2022Mint(
  chain: TestSolana,
  payer: KeyPairSigner,
  mint: KeyPairSigner,
  { decimals, amount }: { decimals: number; amount: bigint },
): Promise<{ ata: Address; instructions: Instruction[] }> {
  const [ata] = await findAssociatedTokenPda({
    mint: mint.address,
    owner: payer.address,
    tokenProgram: TOKEN_2022,
  })
  const config = { programAddress: TOKEN_2022 as typeof TOKEN_PROGRAM_ADDRESS }
  const space = getMintSize()
  const instructions = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: await chain.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send(),
      space,
      programAddress: TOKEN_2022,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: payer.address }, config),
    getCreateAssociatedTokenIdempotentInstruction({
      payer,
      ata,
      owner: payer.address,
      mint: mint.address,
      tokenProgram: TOKEN_2022,
    }),
    getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: payer, amount }, config),
  ]
  return { ata, instructions }
}
