import { type Address, generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { signedTransaction, type TestSolana } from '../../solana/localSolana.js'

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/** Lands `instructions` paid by `payer`; answers the signature, or throws the RPC's error. */
export async function land(
  chain: TestSolana,
  payer: KeyPairSigner,
  instructions: Parameters<typeof signedTransaction>[2],
): Promise<string> {
  const { wire, signature } = await signedTransaction(chain, payer, instructions)
  const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64' }])
  if (answer.error) throw new Error(`sendTransaction: ${answer.error.message}`)
  return signature
}

export function sendSol(chain: TestSolana, from: KeyPairSigner, to: Address, amount: bigint) {
  return land(chain, from, [
    getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
  ])
}

/** transferChecked of `amount` base units of a classic-Token mint, creating the recipient's ATA if needed. */
export async function sendToken(
  chain: TestSolana,
  from: KeyPairSigner,
  { mint, to, amount, decimals }: { mint: Address; to: Address; amount: bigint; decimals: number },
): Promise<string> {
  const [source] = await findAssociatedTokenPda({
    mint,
    owner: from.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const [destination] = await findAssociatedTokenPda({ mint, owner: to, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return land(chain, from, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: to, mint }),
    getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals }),
  ])
}

/** A new mint under `program` with `amount` base units minted to `owner`'s ATA; `authority` pays. */
export async function mintTo(
  chain: TestSolana,
  authority: KeyPairSigner,
  {
    owner,
    amount,
    decimals,
    program = TOKEN_PROGRAM_ADDRESS,
  }: { owner: Address; amount: bigint; decimals: number; program?: Address },
): Promise<Address> {
  const mint = await generateKeyPairSigner()
  const config = { programAddress: program as typeof TOKEN_PROGRAM_ADDRESS }
  const [ata] = await findAssociatedTokenPda({ mint: mint.address, owner, tokenProgram: program })
  const space = getMintSize()
  await land(chain, authority, [
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
  ])
  return mint.address
}
