import { lamports, type Signature, sendAndConfirmTransactionFactory } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { solanaLimits, startSolanaChain } from '../../../services/solana/index.js'
import { freePortPair } from '../../support/ports.js'
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

describe('the local Solana chain: SOL transfers and their history', () => {
  it('a kit transfer confirmed over PubSub costs the amount plus exactly 5,000 lamports', async () => {
    const payer = await testSigner(1)
    const to = await freshAddress()
    const before = (await chain.rpc.getBalance(payer.address).send()).value
    const { transaction, signature, wire } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: to, amount: lamports(100_000_000n) }),
    ])
    const message = Buffer.from(wire, 'base64').subarray(65).toString('base64')
    expect((await chain.call('getFeeForMessage', [message])).result).toMatchObject({ value: 5000 })
    await sendAndConfirmTransactionFactory({ rpc: chain.rpc, rpcSubscriptions: chain.subscriptions })(
      transaction as never,
      { commitment: 'confirmed' },
    )
    expect((await chain.rpc.getBalance(payer.address).send()).value).toBe(before - 100_000_000n - 5000n)
    expect((await chain.rpc.getBalance(to).send()).value).toBe(100_000_000n)

    const { value: statuses } = await chain.rpc.getSignatureStatuses([signature as Signature]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', confirmations: null })
    const history = await chain.rpc.getSignaturesForAddress(to).send()
    expect(history.map((entry) => entry.signature)).toEqual([signature])
    expect((await chain.rpc.getSignaturesForAddress(payer.address, { limit: 1 }).send())[0]?.signature).toBe(
      signature,
    )

    expect((await chain.call('getTransaction', [signature])).error?.code).toBe(-32015)
    const fetched = await chain.rpc
      .getTransaction(signature as Signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(fetched?.meta?.fee).toBe(5000n)
    expect(fetched?.meta?.err).toBeNull()
    expect(fetched?.meta?.postBalances[1]).toBe(100_000_000n)
    expect(fetched?.transaction.message.accountKeys).toEqual([
      payer.address,
      to,
      '11111111111111111111111111111111',
    ])
    expect(fetched?.version).toBe(0)
    const base64 = await chain.call('getTransaction', [
      signature,
      { encoding: 'base64', maxSupportedTransactionVersion: 0 },
    ])
    expect(base64.result).toMatchObject({ transaction: [wire, 'base64'] })
    expect((await chain.call('getFeeForMessage', [message])).result).toMatchObject({ value: 5000 })
  })

  it('simulates an unsigned transaction with replaceRecentBlockhash and lands nothing', async () => {
    const payer = await testSigner(1)
    const to = await freshAddress()
    const { wire } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: to, amount: lamports(1_000_000_000n) }),
    ])
    const unsigned = Buffer.from(wire, 'base64')
    unsigned.fill(0, 1, 65)
    chain.expireBlockhash()
    const answer = await chain.call('simulateTransaction', [
      unsigned.toString('base64'),
      { encoding: 'base64', replaceRecentBlockhash: true },
    ])
    expect(answer.result).toMatchObject({
      value: { err: null, replacementBlockhash: { blockhash: expect.any(String) } },
    })
    expect((await chain.rpc.getBalance(to).send()).value).toBe(0n)
  })

  it('airdrops on request, and the airdrop is confirmable by its signature', async () => {
    const to = await freshAddress()
    const signature = await chain.rpc.requestAirdrop(to, lamports(2_000_000_000n)).send()
    expect((await chain.rpc.getBalance(to).send()).value).toBe(2_000_000_000n)
    const { value } = await chain.rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toBeNull()
    expect((await chain.call('requestAirdrop', [to, 10 ** 16])).error?.code).toBe(-32602)
  })

  it('refuses airdrops past the per-client budget with code 429, while another client is still served', async () => {
    const local = await startSolanaChain({
      host: '127.0.0.1',
      port: await freePortPair(),
      fixtures: false,
      trustProxy: parseTrustedProxies('127.0.0.1'),
    })
    try {
      const to = await freshAddress()
      const most = Number(solanaLimits.maxAirdropLamports)
      const calls = Number(
        solanaLimits.maxAirdropLamportsPerClientPerWindow / solanaLimits.maxAirdropLamports,
      )
      const airdrops = (from: string, count: number, first = most) =>
        fetch(local.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify(
            Array.from({ length: count }, (_, id) => ({
              jsonrpc: '2.0',
              id,
              method: 'requestAirdrop',
              params: [to, first - id],
            })),
          ),
        }).then((response) => response.json() as Promise<{ result?: string; error?: { code: number } }[]>)
      const answers = await airdrops('192.0.2.1', calls + 1)
      expect(answers.slice(0, calls).every((answer) => typeof answer.result === 'string')).toBe(true)
      expect(answers[calls]?.error?.code).toBe(429)
      expect((await airdrops('192.0.2.2', 1, most - calls - 1))[0]?.result).toEqual(expect.any(String))
    } finally {
      await local.close()
    }
  })

  it('answers account info in binary, base58, base64 and jsonParsed (system accounts fall back to base64)', async () => {
    const to = await freshAddress()
    await chain.rpc.requestAirdrop(to, lamports(1_000_000_000n)).send()
    const binary = await chain.call('getAccountInfo', [to])
    expect(binary.result).toMatchObject({
      value: {
        data: '',
        lamports: 1_000_000_000,
        owner: '11111111111111111111111111111111',
        executable: false,
        space: 0,
      },
    })
    const base58 = await chain.rpc.getAccountInfo(to, { encoding: 'base58' }).send()
    expect(base58.value?.data).toEqual(['', 'base58'])
    const base64 = await chain.rpc.getAccountInfo(to, { encoding: 'base64' }).send()
    expect(base64.value?.data).toEqual(['', 'base64'])
    const parsed = await chain.rpc.getAccountInfo(to, { encoding: 'jsonParsed' }).send()
    expect(parsed.value?.data).toEqual(['', 'base64'])
    const missing = await freshAddress()
    const { value: many } = await chain.rpc.getMultipleAccounts([to, missing], { encoding: 'base64' }).send()
    expect(many.map((account) => account?.lamports ?? null)).toEqual([1_000_000_000n, null])
    expect(await chain.rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
  })
})
