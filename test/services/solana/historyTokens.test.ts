import { type Address, generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freshAddress,
  signedTransaction,
  startTestSolana,
  type TestSolana,
  testSigner,
} from './localSolana.js'
import { newMint, TOKEN_2022_PROGRAM, tokenTransfer } from './tokenInstructions.js'

type Meta = { preTokenBalances: unknown[]; postTokenBalances: unknown[] }
type Landed = { transaction: { message: { accountKeys: string[] } }; meta: Meta }

let chain: TestSolana
beforeAll(async () => {
  chain = await startTestSolana()
})
afterAll(() => chain?.close())

/** Lands `instructions` and answers getTransaction's view of them. */
async function landed(
  payer: KeyPairSigner,
  instructions: Parameters<typeof signedTransaction>[2],
): Promise<Landed & { indexOf(key: string): number }> {
  const { wire, signature } = await signedTransaction(chain, payer, instructions)
  expect((await chain.call('sendTransaction', [wire, { encoding: 'base64' }])).error).toBeUndefined()
  const answer = await chain.call('getTransaction', [
    signature,
    { encoding: 'json', maxSupportedTransactionVersion: 0 },
  ])
  const result = answer.result as Landed
  return { ...result, indexOf: (key) => result.transaction.message.accountKeys.indexOf(key) }
}

describe('the local Solana chain: token balances in getTransaction', () => {
  it('an SPL transferChecked to a fresh owner has the sender’s balance before, and both after', async () => {
    const payer = await testSigner(0)
    const recipient = await freshAddress()
    const { source, destination, instructions } = await tokenTransfer(payer, {
      mint: chain.testUsdMint as Address,
      to: recipient,
      amount: 1_250_000n,
      decimals: 6,
    })
    const transaction = await landed(payer, instructions)
    const mint = chain.testUsdMint
    const balance = (
      at: string,
      owner: string,
      amount: string,
      uiAmount: number,
      uiAmountString: string,
    ) => ({
      accountIndex: transaction.indexOf(at),
      mint,
      owner,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount, decimals: 6, uiAmount, uiAmountString },
    })
    expect(transaction.indexOf(source)).toBeGreaterThan(0)
    expect(transaction.indexOf(destination)).toBeGreaterThan(0)
    expect(transaction.meta.preTokenBalances).toEqual([
      balance(source, payer.address, '1000000000', 1000, '1000'),
    ])
    // In account-key order, as a validator lists them.
    expect(transaction.meta.postTokenBalances).toEqual(
      [
        balance(source, payer.address, '998750000', 998.75, '998.75'),
        balance(destination, recipient, '1250000', 1.25, '1.25'),
      ].sort((a, b) => a.accountIndex - b.accountIndex),
    )
  })

  it('a Token-2022 account created and minted to in one transaction has only an after balance', async () => {
    const payer = await testSigner(3)
    const mint = await generateKeyPairSigner()
    const { ata, instructions } = await newMint(chain, payer, mint, {
      owner: payer.address,
      amount: 12_345n,
      decimals: 2,
      program: TOKEN_2022_PROGRAM,
    })
    const transaction = await landed(payer, instructions)
    expect(transaction.meta.preTokenBalances).toEqual([])
    expect(transaction.meta.postTokenBalances).toEqual([
      {
        accountIndex: transaction.indexOf(ata),
        mint: mint.address,
        owner: payer.address,
        programId: TOKEN_2022_PROGRAM,
        uiTokenAmount: { amount: '12345', decimals: 2, uiAmount: 123.45, uiAmountString: '123.45' },
      },
    ])
  })

  it('a SOL-only transfer has no token balances', async () => {
    const payer = await testSigner(1)
    const transaction = await landed(payer, [
      getTransferSolInstruction({
        source: payer,
        destination: await freshAddress(),
        amount: lamports(1_000_000n),
      }),
    ])
    expect(transaction.meta.preTokenBalances).toEqual([])
    expect(transaction.meta.postTokenBalances).toEqual([])
  })
})
