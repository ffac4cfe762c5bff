import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { solanaLimits } from '../../../services/solana/index.js'
import { startTestSolana, type TestSolana } from './localSolana.js'

let chain: TestSolana
beforeAll(async () => {
  chain = await startTestSolana()
})
afterAll(() => chain?.close())

const call = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const someAddress = '11111111111111111111111111111111'

const hostileBodies: string[] = [
  '',
  'not json',
  '{',
  '{"jsonrpc":"2.0",',
  'null',
  '42',
  '"string"',
  'true',
  '[]',
  '{}',
  '{"jsonrpc":"1.0","id":1,"method":"getHealth"}',
  '{"jsonrpc":"2.0","id":1}',
  '{"jsonrpc":"2.0","id":1,"method":7}',
  '{"jsonrpc":"2.0","id":{},"method":"getHealth"}',
  deep(10_000),
  `{"a":${deep(65)}}`,
  JSON.stringify(
    Array.from({ length: solanaLimits.maxBatchLength + 1 }, () => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'getHealth',
    })),
  ),
  JSON.stringify([1, 'x', null, { jsonrpc: '2.0', id: 2, method: 'nope' }]),
  call('nope', []),
  call('__proto__', []),
  call('constructor', []),
  call('toString', []),
  call('getBalance', { address: someAddress }),
  call('getBalance', []),
  call('getBalance', [42]),
  call('getBalance', ['not-base58-0OIl']),
  call('getBalance', [someAddress, 'config', 'extra']),
  call('getAccountInfo', [someAddress, { encoding: 'hex' }]),
  call('getMultipleAccounts', [
    Array.from({ length: solanaLimits.maxMultipleAccounts + 1 }, () => someAddress),
  ]),
  call('getMultipleAccounts', ['not an array']),
  call('getMinimumBalanceForRentExemption', [-1]),
  call('getMinimumBalanceForRentExemption', [1e12]),
  call('getMinimumBalanceForRentExemption', ['100']),
  call('sendTransaction', []),
  call('sendTransaction', ['']),
  call('sendTransaction', ['AAAA', { encoding: 'base64' }]),
  call('sendTransaction', ['!!!', { encoding: 'base64' }]),
  call('sendTransaction', ['0OIl', { encoding: 'base58' }]),
  call('sendTransaction', ['A'.repeat(5000), { encoding: 'base64' }]),
  call('sendTransaction', [Buffer.alloc(1000, 1).toString('base64'), { encoding: 'base64' }]),
  call('sendTransaction', ['AQ==', { encoding: 'hex' }]),
  call('simulateTransaction', [Buffer.alloc(200, 7).toString('base64'), { encoding: 'base64' }]),
  call('getSignatureStatuses', [
    Array.from({ length: solanaLimits.maxSignatureStatuses + 1 }, () => '1'.repeat(88)),
  ]),
  call('getSignatureStatuses', [['short']]),
  call('getTransaction', ['x']),
  call('getSignaturesForAddress', [someAddress, { limit: 100_000 }]),
  call('getTokenAccountsByOwner', [someAddress, {}]),
  call('getTokenAccountsByOwner', [someAddress, { programId: someAddress }]),
  call('getTokenAccountsByOwner', [someAddress, { mint: someAddress, programId: someAddress }]),
  call('getTokenAccountBalance', [someAddress]),
  call('getFeeForMessage', ['@@@']),
  call('requestAirdrop', [someAddress, -5]),
  call('requestAirdrop', [someAddress, 1e20]),
  call('isBlockhashValid', [{}]),
  call('getGenesisHash', ['extra']),
]

describe('the local Solana chain: malformed input', () => {
  it(`answers ${hostileBodies.length} hostile HTTP bodies with a 4xx or a JSON-RPC error, never a 500, and keeps answering`, async () => {
    for (const body of hostileBodies) {
      const response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = await response.text()
      expect(response.status, body.slice(0, 80)).toBeLessThan(500)
      const answer = JSON.parse(text) as unknown
      if (response.status >= 400)
        expect(answer, body.slice(0, 80)).toMatchObject({
          code: expect.any(String),
          message: expect.any(String),
        })
      else {
        const calls = Array.isArray(answer) ? answer : [answer]
        for (const item of calls)
          expect(item, body.slice(0, 80)).toMatchObject({
            jsonrpc: '2.0',
            error: { code: expect.any(Number) },
          })
      }
    }
    expect((await chain.call('getHealth')).result).toBe('ok')
  })

  it('answers transport-level abuse with 4xx JSON and serves CORS preflights', async () => {
    const huge = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(solanaLimits.maxBodyBytes + 1),
    })
    expect(huge.status).toBe(413)
    const text = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: call('getHealth', []),
    })
    expect(text.status).toBe(415)
    expect((await fetch(chain.rpcUrl)).status).toBe(405)
    expect((await fetch(`${chain.rpcUrl}/nowhere`, { method: 'POST' })).status).toBe(404)
    const preflight = await fetch(chain.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toBe('*')
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(await (await fetch(`${chain.rpcUrl}/health`)).text()).toBe('ok')
    const ready = await fetch(`${chain.rpcUrl}/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { ledger: 'ok' } })
    expect((await chain.call('getHealth')).result).toBe('ok')
  })

  it('answers hostile PubSub frames with JSON-RPC errors and caps subscriptions per socket', async () => {
    const socket = new WebSocket(chain.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const answers: { error?: { code: number }; result?: unknown }[] = []
    socket.on('message', (data) => answers.push(JSON.parse(String(data))))
    const frames = [
      'nope',
      deep(1000),
      '[]',
      '{}',
      call('nope', []),
      call('signatureSubscribe', []),
      call('signatureSubscribe', ['x']),
      call('accountSubscribe', ['0OIl']),
      call('slotSubscribe', { a: 1 }),
      call('slotUnsubscribe', ['x']),
      call('slotUnsubscribe', [999_999]),
    ]
    for (const frame of frames) socket.send(frame)
    await expect.poll(() => answers.length).toBe(frames.length)
    for (const answer of answers) expect(answer.error?.code).toEqual(expect.any(Number))
    answers.length = 0
    for (let i = 0; i <= solanaLimits.maxSubscriptionsPerSocket; i++) socket.send(call('slotSubscribe', []))
    await expect.poll(() => answers.length).toBe(solanaLimits.maxSubscriptionsPerSocket + 1)
    expect(answers.filter((answer) => answer.error).length).toBe(1)
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.send('x'.repeat(solanaLimits.maxWsFrameBytes + 1))
    await closed
    expect((await chain.call('getHealth')).result).toBe('ok')
  })
})
