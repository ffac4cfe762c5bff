import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { SolanaLedger } from '../../../services/solana/ledger.js'
import { loadLiteSvm } from '../../../services/solana/loadLiteSvm.js'
import { decodeWireTransaction } from '../../../services/solana/wireTransaction.js'

async function transfer(
  ledger: SolanaLedger,
  payer: KeyPairSigner,
): Promise<{ to: string; signature: string }> {
  const to = (await generateKeyPairSigner()).address
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: ledger.latestBlockhash().blockhash as Blockhash, lastValidBlockHeight: 1000n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: payer, destination: to, amount: lamports(1_000_000n) })],
        m,
      ),
  )
  const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
  const decoded = decodeWireTransaction(wire, 'base64')
  expect(ledger.submit(decoded).err).toBeNull()
  return { to, signature: decoded.signature }
}

describe('the local Solana ledger', () => {
  it('forgets a dropped transaction in the address index too, so the index is bounded by the history', async () => {
    const LiteSVM = await loadLiteSvm()
    const ledger = new SolanaLedger(new LiteSVM(), 2)
    const payer = await generateKeyPairSigner()
    ledger.airdrop(payer.address, 10_000_000_000n)
    const first = await transfer(ledger, payer)
    const second = await transfer(ledger, payer)
    const third = await transfer(ledger, payer)
    expect(ledger.record(first.signature)).toBeUndefined()
    expect(ledger.signaturesFor(first.to)).toEqual([])
    expect(ledger.signaturesFor(payer.address)).toEqual([third.signature, second.signature])
    expect(ledger.signaturesFor(third.to)).toEqual([third.signature])
  })
})
