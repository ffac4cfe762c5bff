import {
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  sendAndConfirmTransactionFactory,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freshAddress,
  signedTransaction,
  startTestSolana,
  type TestSolana,
  testSigner,
} from './localSolana.js'

let chain: TestSolana
beforeAll(async () => {
  chain = await startTestSolana()
})
afterAll(() => chain?.close())

/** What kit's own client throws for a send, or undefined when it did not throw. */
async function kitSendError(send: () => Promise<unknown>): Promise<unknown> {
  try {
    await send()
  } catch (error) {
    return error
  }
  return undefined
}

function expectPreflightCause(error: unknown, code: number): void {
  expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(
    true,
  )
  const cause = (error as Error).cause
  expect(isSolanaError(cause)).toBe(true)
  expect(isSolanaError(cause) && cause.context.__code).toBe(code)
}

async function rentShortTransfer(amount: bigint) {
  const payer = await testSigner(2)
  return signedTransaction(chain, payer, [
    getTransferSolInstruction({ source: payer, destination: await freshAddress(), amount }),
  ])
}

describe('the local Solana chain: failed sends have the real RPC error shapes, and kit decodes them', () => {
  it('refuses a transfer below the rent-exempt minimum to a new account in preflight, charging nothing', async () => {
    const payer = await testSigner(2)
    const before = (await chain.rpc.getBalance(payer.address).send()).value
    const { wire } = await rentShortTransfer(1000n)
    const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(answer.error).toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent',
      data: { err: { InsufficientFundsForRent: { account_index: 1 } }, accounts: null },
    })
    expect((answer.error?.data as { logs: unknown }).logs).toEqual(expect.any(Array))
    expect((await chain.rpc.getBalance(payer.address).send()).value).toBe(before)

    const kitError = await kitSendError(() =>
      chain.rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send(),
    )
    expectPreflightCause(kitError, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)
    const cause = (kitError as Error).cause
    expect(
      isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT) &&
        cause.context.accountIndex,
    ).toBe(1)

    const { transaction } = await rentShortTransfer(2000n)
    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc: chain.rpc,
      rpcSubscriptions: chain.subscriptions,
    })
    const confirmError = await kitSendError(() =>
      sendAndConfirm(transaction as never, { commitment: 'confirmed' }),
    )
    expectPreflightCause(confirmError, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)
  })

  it('lands a rent-short transfer sent with skipPreflight as failed, charging exactly the 5,000 lamport fee', async () => {
    const payer = await testSigner(2)
    const before = (await chain.rpc.getBalance(payer.address).send()).value
    const { wire, signature } = await rentShortTransfer(3000n)
    const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }])
    expect(answer.result).toBe(signature)
    const statuses = await chain.call('getSignatureStatuses', [[signature]])
    expect(statuses.result).toMatchObject({
      value: [{ err: { InsufficientFundsForRent: { account_index: 1 } }, confirmationStatus: 'finalized' }],
    })
    expect((await chain.rpc.getBalance(payer.address).send()).value).toBe(before - 5000n)
  })

  it('refuses a transaction signed on a blockhash that has since expired with BlockhashNotFound', async () => {
    const payer = await testSigner(2)
    const { wire, transaction } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: await freshAddress(), amount: 1_000_000n }),
    ])
    chain.expireBlockhash()
    const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(answer.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    })
    const kitError = await kitSendError(() => chain.rpc.sendTransaction(wire, { encoding: 'base64' }).send())
    expectPreflightCause(kitError, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)
    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc: chain.rpc,
      rpcSubscriptions: chain.subscriptions,
    })
    const confirmError = await kitSendError(() =>
      sendAndConfirm(transaction as never, { commitment: 'confirmed' }),
    )
    expectPreflightCause(confirmError, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)
  })

  it('refuses the same signed transaction a second time with AlreadyProcessed, charging once', async () => {
    const payer = await testSigner(2)
    const { wire, signature } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: await freshAddress(), amount: 1_000_000n }),
    ])
    expect((await chain.call('sendTransaction', [wire, { encoding: 'base64' }])).result).toBe(signature)
    const after = (await chain.rpc.getBalance(payer.address).send()).value
    const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(answer.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
      data: { err: 'AlreadyProcessed' },
    })
    const kitError = await kitSendError(() => chain.rpc.sendTransaction(wire, { encoding: 'base64' }).send())
    expectPreflightCause(kitError, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)
    expect(
      (await chain.call('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }])).result,
    ).toBe(signature)
    expect((await chain.rpc.getBalance(payer.address).send()).value).toBe(after)
  })

  it('answers -32003 for a transaction whose signature does not verify', async () => {
    const payer = await testSigner(2)
    const { wire } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: await freshAddress(), amount: 1_000_000n }),
    ])
    const bytes = Buffer.from(wire, 'base64')
    bytes[5] = (bytes[5] ?? 0) ^ 0xff
    const answer = await chain.call('sendTransaction', [bytes.toString('base64'), { encoding: 'base64' }])
    expect(answer.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' })
  })
})
