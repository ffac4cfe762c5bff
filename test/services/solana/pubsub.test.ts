import { address, generateKeyPairSigner, lamports } from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { solanaLimits } from '../../../services/solana/index.js'
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

type Message = {
  id?: number
  result?: unknown
  error?: { code: number }
  method?: string
  params?: { result: unknown; subscription: number }
}

/** A raw PubSub client that keeps every message it received. */
async function connect(): Promise<{
  call(method: string, params?: unknown[]): Promise<Message>
  next(method: string): Promise<Message>
  close(): void
}> {
  const socket = new WebSocket(chain.wsUrl)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const received: Message[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as Message)
    for (const wake of waiters.splice(0)) wake()
  })
  const take = async (match: (message: Message) => boolean): Promise<Message> => {
    for (;;) {
      const index = received.findIndex(match)
      if (index !== -1) return received.splice(index, 1)[0] as Message
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  let id = 0
  return {
    call(method, params = []) {
      const callId = ++id
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: callId, method, params }))
      return take((message) => message.id === callId)
    },
    next: (method) => take((message) => message.method === method),
    close: () => socket.close(),
  }
}

describe('the local Solana chain: PubSub', () => {
  it('notifies signature, account and slot subscriptions when a transaction lands, and unsubscribes', async () => {
    const client = await connect()
    try {
      const payer = await testSigner(1)
      const to = await freshAddress()
      const { wire, signature } = await signedTransaction(chain, payer, [
        getTransferSolInstruction({ source: payer, destination: to, amount: lamports(5_000_000n) }),
      ])
      const signatureSub = (await client.call('signatureSubscribe', [signature, { commitment: 'confirmed' }]))
        .result
      const accountSub = (await client.call('accountSubscribe', [to, { encoding: 'base64' }])).result
      const slotSub = (await client.call('slotSubscribe')).result
      const slotBefore = (await chain.call('getSlot')).result as number
      await chain.call('sendTransaction', [wire, { encoding: 'base64' }])

      const signed = await client.next('signatureNotification')
      expect(signed.params).toEqual({
        subscription: signatureSub,
        result: { context: { slot: slotBefore }, value: { err: null } },
      })
      const account = await client.next('accountNotification')
      expect(account.params).toMatchObject({
        subscription: accountSub,
        result: { value: { lamports: 5_000_000, data: ['', 'base64'] } },
      })
      const slot = await client.next('slotNotification')
      expect(slot.params).toEqual({
        subscription: slotSub,
        result: { parent: slotBefore, root: slotBefore + 1, slot: slotBefore + 1 },
      })

      expect((await client.call('accountUnsubscribe', [accountSub])).result).toBe(true)
      expect((await client.call('accountUnsubscribe', [accountSub])).error?.code).toBe(-32602)
      expect((await client.call('slotUnsubscribe', [slotSub])).result).toBe(true)
      expect((await client.call('signatureUnsubscribe', [signatureSub])).error?.code).toBe(-32602)
    } finally {
      client.close()
    }
  })

  it('notifies a signature subscription made after the transaction already landed', async () => {
    const client = await connect()
    try {
      const to = await freshAddress()
      const signature = (await chain.call('requestAirdrop', [to, 1_000_000_000])).result as string
      const id = (await client.call('signatureSubscribe', [signature])).result
      expect((await client.next('signatureNotification')).params).toMatchObject({
        subscription: id,
        result: { value: { err: null } },
      })
    } finally {
      client.close()
    }
  })

  it('cuts a PubSub connection whose client leaves its notifications unread past the per-client cap', async () => {
    const payer = await testSigner(2)
    const big = await generateKeyPairSigner()
    const space = 10_240n
    const rent = (await chain.call('getMinimumBalanceForRentExemption', [Number(space)])).result as number
    const created = await signedTransaction(chain, payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: big,
        lamports: lamports(BigInt(rent)),
        space,
        programAddress: address('11111111111111111111111111111111'),
      }),
    ])
    await chain.call('sendTransaction', [created.wire, { encoding: 'base64' }])
    const socket = new WebSocket(chain.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    let answered = 0
    socket.on('message', () => answered++)
    const closed = new Promise<number>((resolve) => socket.once('close', resolve))
    for (let i = 0; i < solanaLimits.maxSubscriptionsPerSocket; i++)
      socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'accountSubscribe',
          params: [big.address, { encoding: 'base64' }],
        }),
      )
    await expect.poll(() => answered).toBe(solanaLimits.maxSubscriptionsPerSocket)
    socket.pause()
    // Each airdrop to the account is one notification of its 10 KiB (in base64) per subscription.
    const notification = (4 * Number(space)) / 3
    const airdrops = Math.ceil(
      (3 * solanaLimits.maxWsUnsentBytesPerClient) / (notification * solanaLimits.maxSubscriptionsPerSocket),
    )
    const batch = Array.from({ length: airdrops }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'requestAirdrop',
      params: [big.address, 1000 + i],
    }))
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    })
    expect(response.status).toBe(200)
    socket.resume()
    const outcome = await Promise.race([
      closed.then((code) => `closed ${code}`),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 5000)),
    ])
    expect(outcome).toBe('closed 1006')
    expect(answered - solanaLimits.maxSubscriptionsPerSocket).toBeLessThan(
      airdrops * solanaLimits.maxSubscriptionsPerSocket,
    )
    socket.terminate()
  }, 30_000)
})
