import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { SolanaLedger } from './ledger.js'
import { labelledKey, solanaTestKey } from './testKeys.js'
import { describeTransactionError } from './transactionErrors.js'
import { decodeWireTransaction } from './wireTransaction.js'

/** Test keys 0..3 get this much SOL at start. */
export const fundedTestKeys = 4
export const testKeyLamports = 1_000_000_000_000n

/** "Test USD": 6 decimals, 1,000 tUSD on test key 0's associated token account. */
export const testUsdDecimals = 6
export const testUsdOnKey0 = 1_000_000_000n

/** Signs a transaction from `payer` and lands it through the ledger, as a client's would. */
async function land(
  ledger: SolanaLedger,
  payer: TransactionSigner,
  instructions: readonly Instruction[],
): Promise<void> {
  const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const outcome = ledger.submit(decodeWireTransaction(getBase64EncodedWireTransaction(signed), 'base64'))
  if (outcome.err !== null)
    throw new Error(`A fixture transaction failed: ${describeTransactionError(outcome.err)}`)
}

/** Funds the test keys and creates the Test USD mint; returns the mint's address (the same on every start). */
export async function installFixtures(ledger: SolanaLedger): Promise<string> {
  for (let index = 0; index < fundedTestKeys; index++)
    ledger.airdrop(solanaTestKey(index).address as never, testKeyLamports)
  const payer = await createKeyPairSignerFromPrivateKeyBytes(solanaTestKey(0).seed)
  const mint = await createKeyPairSignerFromPrivateKeyBytes(labelledKey('Test USD mint').seed)
  const [ata] = await findAssociatedTokenPda({
    mint: mint.address,
    owner: payer.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const space = getMintSize()
  await land(ledger, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: ledger.svm.minimumBalanceForRentExemption(BigInt(space)),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: testUsdDecimals,
      mintAuthority: payer.address,
    }),
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner: payer.address, mint: mint.address }),
    getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: payer, amount: testUsdOnKey0 }),
  ])
  return mint.address
}
