import { type Address, generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { signedTransaction, type TestSolana } from '../../solana/localSolana.js'
import { newMint, tokenTransfer } from '../../solana/tokenInstructions.js'

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
  transfer: Parameters<typeof tokenTransfer>[1],
): Promise<string> {
  return land(chain, from, (await tokenTransfer(from, transfer)).instructions)
}

/** A new mint under `program` with `amount` base units minted to `owner`'s ATA; `authority` pays. */
export async function mintTo(
  chain: TestSolana,
  authority: KeyPairSigner,
  minted: Parameters<typeof newMint>[3],
): Promise<Address> {
  const mint = await generateKeyPairSigner()
  await land(chain, authority, (await newMint(chain, authority, mint, minted)).instructions)
  return mint.address
}
