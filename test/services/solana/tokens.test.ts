import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaTestKey } from '../../../services/solana/index.js'
import {
  freshAddress,
  signedTransaction,
  startTestSolana,
  type TestSolana,
  testSigner,
} from './localSolana.js'
import { newMint, TOKEN_2022_PROGRAM, tokenTransfer } from './tokenInstructions.js'

let chain: TestSolana
beforeAll(async () => {
  chain = await startTestSolana()
})
afterAll(() => chain?.close())

async function send(
  payer: KeyPairSigner,
  instructions: Parameters<typeof signedTransaction>[2],
): Promise<void> {
  const { wire } = await signedTransaction(chain, payer, instructions)
  const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64' }])
  expect(answer.error).toBeUndefined()
}

describe('the local Solana chain: SPL tokens', () => {
  it('holds 1,000 Test USD (6 decimals) on test key 0, reported jsonParsed with uiAmountString', async () => {
    const owner = solanaTestKey(0).address
    const answer = await chain.call('getTokenAccountsByOwner', [
      owner,
      { mint: chain.testUsdMint },
      { encoding: 'jsonParsed' },
    ])
    expect(answer.result).toMatchObject({
      value: [
        {
          account: {
            owner: TOKEN_PROGRAM_ADDRESS,
            data: {
              program: 'spl-token',
              space: 165,
              parsed: {
                type: 'account',
                info: {
                  mint: chain.testUsdMint,
                  owner,
                  state: 'initialized',
                  tokenAmount: { amount: '1000000000', decimals: 6, uiAmount: 1000, uiAmountString: '1000' },
                },
              },
            },
          },
        },
      ],
    })
    const mint = await chain.call('getAccountInfo', [chain.testUsdMint, { encoding: 'jsonParsed' }])
    expect(mint.result).toMatchObject({
      value: {
        data: { program: 'spl-token', parsed: { type: 'mint', info: { decimals: 6, supply: '1000000000' } } },
      },
    })
  })

  it('sends 1.25 tUSD to a fresh owner with an idempotent ATA and transferChecked', async () => {
    const payer = await testSigner(0)
    const recipient = await freshAddress()
    const { source, destination, createDestination, instructions } = await tokenTransfer(payer, {
      mint: chain.testUsdMint as Address,
      to: recipient,
      amount: 1_250_000n,
      decimals: 6,
    })
    await send(payer, instructions)
    await send(payer, [createDestination])
    const { value } = await chain.rpc.getTokenAccountBalance(destination).send()
    expect(value).toMatchObject({ amount: '1250000', decimals: 6, uiAmountString: '1.25' })
    const byProgram = await chain.call('getTokenAccountsByOwner', [
      payer.address,
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed' },
    ])
    expect(byProgram.result).toMatchObject({
      value: [
        {
          pubkey: source,
          account: { data: { parsed: { info: { tokenAmount: { uiAmountString: '998.75' } } } } },
        },
      ],
    })
    const base64 = await chain.call('getTokenAccountsByOwner', [
      recipient,
      { mint: chain.testUsdMint },
      { encoding: 'base64' },
    ])
    expect(base64.result).toMatchObject({
      value: [{ pubkey: destination, account: { data: [expect.any(String), 'base64'] } }],
    })
    expect((await chain.call('getTokenAccountBalance', [recipient])).error?.code).toBe(-32602)
  })

  it('reports a Token-2022 account (170-byte ATA) as spl-token-2022', async () => {
    const payer = await testSigner(3)
    const mint = await generateKeyPairSigner()
    const { ata, instructions } = await newMint(chain, payer, mint, {
      owner: payer.address,
      amount: 12_345n,
      decimals: 2,
      program: TOKEN_2022_PROGRAM,
    })
    await send(payer, instructions)
    const answer = await chain.call('getTokenAccountsByOwner', [
      payer.address,
      { programId: TOKEN_2022_PROGRAM },
      { encoding: 'jsonParsed' },
    ])
    expect(answer.result).toMatchObject({
      value: [
        {
          pubkey: ata,
          account: {
            owner: TOKEN_2022_PROGRAM,
            space: 170,
            data: {
              program: 'spl-token-2022',
              parsed: { info: { tokenAmount: { uiAmountString: '123.45' } } },
            },
          },
        },
      ],
    })
    const byMint = await chain.call('getTokenAccountsByOwner', [
      payer.address,
      { mint: mint.address },
      { encoding: 'jsonParsed' },
    ])
    expect((byMint.result as { value: unknown[] }).value).toHaveLength(1)
  })
})
