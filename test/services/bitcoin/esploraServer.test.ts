import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesToHex } from '@noble/hashes/utils.js'
import * as btc from '@scure/btc-signer'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  type LocalBitcoin,
  REGTEST_GENESIS_HASH,
  startBitcoinChain,
} from '../../../services/bitcoin/index.js'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { statusWithHost } from '../kit/hostRequest.js'
import { faucet } from './regtestChain.js'
import { regtestKey, signedSpend } from './regtestKeys.js'

const alice = regtestKey('alice')
const bob = regtestKey('bob')
const dir = mkdtempSync(join(tmpdir(), 'pairwise-bitcoin-'))
const running: LocalBitcoin[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((chain) => chain.close()))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function start(options: Partial<Parameters<typeof startBitcoinChain>[0]> = {}): Promise<LocalBitcoin> {
  const chain = await startBitcoinChain({ host: '127.0.0.1', port: 0, ...options })
  running.push(chain)
  return chain
}

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
}

const broadcast = (chain: LocalBitcoin, tx: btc.Transaction, headers: Record<string, string> = {}) =>
  fetch(`${chain.url}/api/tx`, { method: 'POST', body: bytesToHex(tx.extract()), headers })

const pay = (amount: bigint, to: { script: Uint8Array } = bob.p2wpkh) => ({ script: to.script, amount })

describe('the local Bitcoin chain over Esplora-shaped HTTP', () => {
  it('answers 421 to a request whose Host is not one of its names', async () => {
    const chain = await start()
    const { port } = new URL(chain.url)
    expect(await statusWithHost(`${chain.url}/health`, 'evil.example')).toBe(421)
    expect(await statusWithHost(`${chain.url}/health`, `evil.example:${port}`)).toBe(421)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
      expect(await statusWithHost(`${chain.url}/health`, host), host).toBe(200)
  })

  it('funds an address, takes a broadcast, mines it, and answers Esplora paths about it', async () => {
    const chain = await start()
    expect(await (await fetch(`${chain.url}/api/block-height/0`)).text()).toBe(REGTEST_GENESIS_HASH)
    const coin = await faucet(chain, alice.p2wpkh.address, 100_000)
    const address = (await (
      await fetch(`${chain.url}/api/address/${alice.p2wpkh.address}`)
    ).json()) as Record<string, unknown>
    expect(address).toMatchObject({
      address: alice.p2wpkh.address,
      chain_stats: { funded_txo_count: 1, funded_txo_sum: 100_000, spent_txo_sum: 0, tx_count: 1 },
      mempool_stats: { funded_txo_sum: 0, tx_count: 0 },
    })
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(70_000n), pay(29_500n, alice.p2wpkh)])
    const sent = await broadcast(chain, tx)
    expect([sent.status, await sent.text()]).toEqual([200, tx.id])
    expect(await (await fetch(`${chain.url}/api/tx/${tx.id}/status`)).json()).toEqual({ confirmed: false })
    expect(await (await fetch(`${chain.url}/api/tx/${tx.id}/hex`)).text()).toBe(bytesToHex(tx.extract()))
    expect(await (await fetch(`${chain.url}/api/mempool/txids`)).json()).toEqual([tx.id])
    const utxos = await (await fetch(`${chain.url}/api/address/${bob.p2wpkh.address}/utxo`)).json()
    expect(utxos).toEqual([{ txid: tx.id, vout: 0, status: { confirmed: false }, value: 70_000 }])
    const mined = (await (await post(`${chain.url}/regtest/mine`, '')).json()) as {
      height: number
      hashes: string[]
    }
    expect(mined.height).toBe(2)
    expect(await (await fetch(`${chain.url}/api/blocks/tip/height`)).text()).toBe('2')
    expect(await (await fetch(`${chain.url}/api/blocks/tip/hash`)).text()).toBe(mined.hashes[0])
    const json = (await (await fetch(`${chain.url}/api/tx/${tx.id}`)).json()) as Record<string, unknown>
    expect(json).toMatchObject({
      txid: tx.id,
      fee: 500,
      vin: [
        {
          txid: coin.txid,
          vout: 0,
          is_coinbase: false,
          prevout: {
            value: 100_000,
            scriptpubkey_type: 'v0_p2wpkh',
            scriptpubkey_address: alice.p2wpkh.address,
          },
        },
      ],
      vout: [
        { value: 70_000, scriptpubkey_address: bob.p2wpkh.address },
        { value: 29_500, scriptpubkey_address: alice.p2wpkh.address },
      ],
      status: { confirmed: true, block_height: 2, block_hash: mined.hashes[0] },
    })
    const history = (await (await fetch(`${chain.url}/api/address/${alice.p2wpkh.address}/txs`)).json()) as {
      txid: string
    }[]
    expect(history.map((entry) => entry.txid)).toEqual([tx.id, coin.txid])
    const block = (await (await fetch(`${chain.url}/api/block/${mined.hashes[0]}`)).json()) as Record<
      string,
      unknown
    >
    expect(block).toMatchObject({ id: mined.hashes[0], height: 2, tx_count: 2 })
    expect(await (await fetch(`${chain.url}/api/block/${mined.hashes[0]}/txids`)).json()).toHaveLength(2)
    expect(
      (await (await fetch(`${chain.url}/api/fee-estimates`)).json()) as Record<string, number>,
    ).toMatchObject({ 1: 1, 6: 1, 144: 1 })
    expect(await (await fetch(`${chain.url}/api/v1/fees/recommended`)).json()).toMatchObject({
      fastestFee: 1,
      minimumFee: 1,
    })
    expect((await fetch(`${chain.url}/health`)).status).toBe(200)
    expect(await (await fetch(`${chain.url}/ready`)).json()).toMatchObject({ status: 'ready' })
  })

  it("refuses a tampered witness, dust, a low fee, a double spend and a replay with 400 and Core's error as Esplora writes it", async () => {
    const chain = await start()
    const coin = await faucet(chain, alice.p2wpkh.address, 100_000)
    const refused = async (raw: Uint8Array) => {
      const response = await fetch(`${chain.url}/api/tx`, { method: 'POST', body: bytesToHex(raw) })
      return [response.status, await response.text()]
    }
    const good = signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)])
    const decoded = btc.RawTx.decode(good.extract())
    const [sig, pubkey] = decoded.witnesses?.[0] as Uint8Array[]
    const tampered = (sig as Uint8Array).slice()
    tampered[20] = (tampered[20] as number) ^ 0x01
    expect(
      await refused(btc.RawTx.encode({ ...decoded, witnesses: [[tampered, pubkey as Uint8Array]] })),
    ).toEqual([
      400,
      'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)"}',
    ])
    expect(
      await refused(
        signedSpend(alice, alice.p2wpkh, [coin], [pay(100n), pay(98_000n, alice.p2wpkh)]).extract(),
      ),
    ).toEqual([400, 'sendrawtransaction RPC error: {"code":-26,"message":"dust"}'])
    const cheap = signedSpend(alice, alice.p2wpkh, [coin], [pay(99_950n)])
    expect(await refused(cheap.extract())).toEqual([
      400,
      `sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 50 < ${cheap.vsize}"}`,
    ])
    expect((await broadcast(chain, good)).status).toBe(200)
    expect(await refused(signedSpend(alice, alice.p2wpkh, [coin], [pay(80_000n)]).extract())).toEqual([
      400,
      'sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}',
    ])
    await post(`${chain.url}/regtest/mine`, '{"blocks":1}')
    expect(await refused(good.extract())).toEqual([
      400,
      'sendrawtransaction RPC error: {"code":-27,"message":"Transaction outputs already in utxo set"}',
    ])
    expect(await refused(new Uint8Array([1, 2, 3]))).toEqual([
      400,
      'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed. Make sure the tx has at least one input."}',
    ])
  })

  it('answers malformed input with 4xx and { code, message }, and preflights with open CORS', async () => {
    const chain = await start()
    const cases: [string, RequestInit | undefined, number][] = [
      ['/api/address/bc1qnotregtest/utxo', undefined, 400],
      [`/api/address/${'x'.repeat(200)}`, undefined, 400],
      ['/api/tx/nothex', undefined, 400],
      [`/api/tx/${'ab'.repeat(32)}`, undefined, 404],
      ['/api/block-height/99', undefined, 404],
      ['/api/block-height/-1', undefined, 400],
      ['/regtest/faucet', { method: 'POST', body: '{"address":"bcrt1q","sats":5000}' }, 400],
      ['/regtest/faucet', { method: 'POST', body: `{"address":"${alice.p2wpkh.address}","sats":10}` }, 400],
      [
        '/regtest/faucet',
        { method: 'POST', body: `{"address":"${alice.p2wpkh.address}","sats":5000,"extra":1}` },
        400,
      ],
      ['/regtest/faucet', { method: 'POST', body: 'not json' }, 400],
      [
        '/regtest/faucet',
        { method: 'POST', body: `{"address":"${alice.p2wpkh.address}","sats":"1000000000000000"}` },
        400,
      ],
      ['/regtest/mine', { method: 'POST', body: '{"blocks":101}' }, 400],
      ['/api/tx', { method: 'PUT', body: '00' }, 405],
      ['/api/tx', { method: 'POST', body: 'ab'.repeat(500_000) }, 413],
      ['/nowhere', undefined, 404],
    ]
    for (const [path, init, status] of cases) {
      const response = await fetch(`${chain.url}${path}`, init)
      expect(response.status, path).toBe(status)
      expect(Object.keys((await response.json()) as object), path).toEqual(['code', 'message'])
    }
    const preflight = await fetch(`${chain.url}/api/tx`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')
  })

  it('caps unconfirmed transactions per client, and faucet satoshis per address and per client, an IPv6 client by its /64', async () => {
    const chain = await start({ trustProxy: parseTrustedProxies('127.0.0.1') })
    let coin = await faucet(chain, alice.p2wpkh.address, 10_000_000)
    const next = () => {
      const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(coin.value - 200n, alice.p2wpkh)])
      coin = { txid: tx.id, vout: 0, value: coin.value - 200n }
      return tx
    }
    const client = { 'x-forwarded-for': '192.0.2.1' }
    for (let i = 0; i < 200; i++) expect((await broadcast(chain, next(), client)).status).toBe(200)
    const over = next()
    const refused = await broadcast(chain, over, client)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED')
    expect((await broadcast(chain, over, { 'x-forwarded-for': '192.0.2.2' })).status).toBe(200)
    await post(`${chain.url}/regtest/mine`, '{}', client)
    expect((await broadcast(chain, next(), client)).status).toBe(200)

    const ask = (address: string, sats: number, from: string) =>
      post(`${chain.url}/regtest/faucet`, JSON.stringify({ address, sats }), { 'x-forwarded-for': from })
    const hundred = 100 * 100_000_000
    expect((await ask(bob.p2tr.address, hundred, '192.0.2.3')).status).toBe(200)
    const perAddress = await ask(bob.p2tr.address, 1000, '192.0.2.4')
    expect(perAddress.status).toBe(429)
    expect(Number(perAddress.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await ask(bob.p2tr.address.toUpperCase(), 1000, '192.0.2.4')).status).toBe(429)
    for (let i = 0; i < 9; i++)
      expect((await ask(regtestKey(`many ${i}`).p2wpkh.address, hundred, '192.0.2.3')).status).toBe(200)
    expect((await ask(regtestKey('one more').p2wpkh.address, 1000, '192.0.2.3')).status).toBe(429)
    expect((await ask(regtestKey('one more').p2wpkh.address, 1000, '192.0.2.5')).status).toBe(200)

    // A host is given a whole IPv6 /64: its addresses are one client, or it would have billions of budgets.
    for (let i = 0; i < 10; i++)
      expect(
        (await ask(regtestKey(`v6 ${i}`).p2wpkh.address, hundred, `2001:db8:1:2::${i + 1}`)).status,
      ).toBe(200)
    expect((await ask(regtestKey('v6 more').p2wpkh.address, 1000, '2001:db8:1:2::ff')).status).toBe(429)
    expect((await ask(regtestKey('v6 more').p2wpkh.address, 1000, '2001:db8:1:3::1')).status).toBe(200)
  }, 60_000)

  it('keeps the chain and mempool in the data dir across a restart, and refuses a file that is not a chain', async () => {
    const dataDir = join(dir, 'restart')
    const first = await start({ dataDir })
    const coin = await faucet(first, alice.p2tr.address, 50_000)
    const mined = signedSpend(alice, alice.p2tr, [coin], [pay(40_000n)])
    await broadcast(first, mined)
    await post(`${first.url}/regtest/mine`, '{"blocks":3}')
    const pending = signedSpend(
      bob,
      bob.p2wpkh,
      [{ txid: mined.id, vout: 0, value: 40_000n }],
      [pay(39_000n, alice.p2wpkh)],
    )
    await broadcast(first, pending)
    const tip = await (await fetch(`${first.url}/api/blocks/tip/hash`)).text()
    const utxos = await (await fetch(`${first.url}/api/address/${alice.p2wpkh.address}/utxo`)).json()
    await first.close()
    expect(first.file).toBe(join(dataDir, 'bitcoin', 'regtest.json'))

    const second = await start({ dataDir })
    expect(await (await fetch(`${second.url}/api/blocks/tip/hash`)).text()).toBe(tip)
    expect(await (await fetch(`${second.url}/api/address/${alice.p2wpkh.address}/utxo`)).json()).toEqual(
      utxos,
    )
    expect(await (await fetch(`${second.url}/api/mempool/txids`)).json()).toEqual([pending.id])
    await second.close()

    const broken = join(dir, 'broken')
    const chainDir = join(broken, 'bitcoin')
    mkdirSync(chainDir, { recursive: true })
    writeFileSync(join(chainDir, 'regtest.json'), '{"version":2}')
    await expect(startBitcoinChain({ host: '127.0.0.1', port: 0, dataDir: broken })).rejects.toThrow(
      'The Bitcoin chain file is not a saved regtest chain',
    )
  })

  it('mines the mempool on a timer when started with one', async () => {
    const chain = await start({ mineEveryMs: 50 })
    const coin = await faucet(chain, alice.p2wpkh.address, 100_000)
    const tx = signedSpend(alice, alice.p2wpkh, [coin], [pay(90_000n)])
    expect((await broadcast(chain, tx)).status).toBe(200)
    const deadline = Date.now() + 20_000
    let status: { confirmed: boolean } = { confirmed: false }
    while (!status.confirmed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await (await fetch(`${chain.url}/api/tx/${tx.id}/status`)).json()) as { confirmed: boolean }
    }
    expect(status).toMatchObject({ confirmed: true, block_height: 2 })
  })
})
