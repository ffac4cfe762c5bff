import { bytesToHex } from '@noble/hashes/utils.js'
import type * as btc from '@scure/btc-signer'
import { expect } from 'vitest'
import type { LocalBitcoin } from '../../../services/bitcoin/index.js'
import type { TestCoin } from './regtestKeys.js'

/** The local regtest chain's faucet: a block whose coinbase pays `address` `sats`, confirmed at once. */
export async function faucet(chain: LocalBitcoin, address: string, sats: number): Promise<TestCoin> {
  const response = await fetch(`${chain.url}/regtest/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, sats }),
  })
  expect(response.status).toBe(200)
  const paid = (await response.json()) as { txid: string; vout: number; value: number }
  return { txid: paid.txid, vout: paid.vout, value: BigInt(paid.value) }
}

/** Broadcasts `tx` through the chain's Esplora API; it must be accepted into the mempool. */
export async function broadcast(chain: LocalBitcoin, tx: btc.Transaction): Promise<string> {
  const response = await fetch(`${chain.url}/api/tx`, { method: 'POST', body: bytesToHex(tx.extract()) })
  expect([response.status, await response.text()]).toEqual([200, tx.id])
  return tx.id
}

/** Confirms the mempool in one block; its height. */
export async function mine(chain: LocalBitcoin): Promise<number> {
  const response = await fetch(`${chain.url}/regtest/mine`, { method: 'POST', body: '' })
  expect(response.status).toBe(200)
  return ((await response.json()) as { height: number }).height
}

/** What Esplora says of a confirmed transaction's block: its height and time. */
export async function blockOf(chain: LocalBitcoin, txid: string): Promise<{ height: number; time: number }> {
  const status = (await (await fetch(`${chain.url}/api/tx/${txid}/status`)).json()) as {
    block_height: number
    block_time: number
  }
  return { height: status.block_height, time: status.block_time }
}
