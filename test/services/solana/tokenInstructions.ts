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

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/**
 * A transfer of `amount` base units of a classic-Token `mint` from `payer` to `to`, as wallets send one: the
 * recipient's associated account created when missing (idempotent), then `transferChecked`.
 */
export async function tokenTransfer(
  payer: KeyPairSigner,
  { mint, to, amount, decimals }: { mint: Address; to: Address; amount: bigint; decimals: number },
): Promise<{
  source: Address
  destination: Address
  createDestination: Instruction
  instructions: Instruction[]
}> {
  const ata = async (owner: Address) =>
    (await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
  const [source, destination] = await Promise.all([ata(payer.address), ata(to)])
  const createDestination = getCreateAssociatedTokenIdempotentInstruction({
    payer,
    ata: destination,
    owner: to,
    mint,
  })
  return {
    source,
    destination,
    createDestination,
    instructions: [
      createDestination,
      getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount, decimals }),
    ],
  }
}

/**
 * The new `mint` under `program`, `authority` its mint authority and payer, with `amount` base units minted to
 * `owner`'s associated account: every step, for one transaction.
 */
export async function newMint(
  chain: TestSolana,
  authority: KeyPairSigner,
  mint: KeyPairSigner,
  {
    owner,
    amount,
    decimals,
    program = TOKEN_PROGRAM_ADDRESS,
  }: { owner: Address; amount: bigint; decimals: number; program?: Address },
): Promise<{ ata: Address; instructions: Instruction[] }> {
  const config = { programAddress: program as typeof TOKEN_PROGRAM_ADDRESS }
  const [ata] = await findAssociatedTokenPda({ mint: mint.address, owner, tokenProgram: program })
  const space = getMintSize()
  const instructions = [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: await chain.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send(),
      space,
      programAddress: program,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: authority.address }, config),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: authority,
      ata,
      owner,
      mint: mint.address,
      tokenProgram: program,
    }),
    getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: authority, amount }, config),
  ]
  return { ata, instructions }
}
