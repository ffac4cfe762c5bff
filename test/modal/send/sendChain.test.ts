import { type Hex, hexToBigInt, numberToHex, parseEther, parseGwei } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { maxAmount } from '../../../modal/send/amount.js'
import { evmSendChain } from '../../../modal/send/sendChain.js'
import type { SendToken } from '../../../modal/send/transfer.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { alice, bob, createKit, evmNetwork } from '../support/kit.js'
import { createPage } from '../support/page.js'

const anvil = evmNetwork(31337, 'http://rpc.invalid/')
const tEth: SendToken = { name: 'Test Ether', symbol: 'tETH', decimals: 18 }
const tUsd: SendToken = {
  name: 'Test USD',
  symbol: 'tUSD',
  decimals: 6,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
}
const balance = parseEther('2')
const sentHash = `0x${'ab'.repeat(32)}` as Hex

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * The network's RPC in place of fetch: `gas` a transfer (21000 by default: a plain one, where no code runs),
 * and a latest block with a base fee of 10 gwei and a priority fee of 1 gwei, or no base fee (a legacy chain)
 * and a gas price of 5 gwei.
 */
function fakeRpc({ legacy = false, gas = 21_000 } = {}) {
  const answer = (method: string): unknown => {
    switch (method) {
      case 'eth_estimateGas':
        return numberToHex(gas)
      case 'eth_getBalance':
        return numberToHex(balance)
      case 'eth_getBlockByNumber':
        return {
          number: '0x1',
          hash: `0x${'11'.repeat(32)}`,
          timestamp: '0x1',
          transactions: [],
          ...(legacy ? {} : { baseFeePerGas: numberToHex(parseGwei('10')) }),
        }
      case 'eth_maxPriorityFeePerGas':
        return numberToHex(parseGwei('1'))
      case 'eth_gasPrice':
        return numberToHex(parseGwei('5'))
      case 'eth_call':
        return `0x${'0'.repeat(63)}1`
      default:
        return null
    }
  }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as
      | { id: number; method: string }
      | { id: number; method: string }[]
    const answers = [body].flat().map(({ id, method }) => ({ jsonrpc: '2.0', id, result: answer(method) }))
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), {
      headers: { 'content-type': 'application/json' },
    })
  })
}

/** Send's chain for alice, through an injected wallet that records what it is asked to send. */
async function sendChainOfRecordingWallet() {
  const provider = new FakeProvider({ accounts: [alice], chainId: Number(anvil.id) })
  provider.override('eth_sendTransaction', () => sentHash)
  const adapter = new Eip155Adapter()
  const kit = createKit({
    options: { networks: [anvil], adapters: [adapter] },
    environment: { target: createPage(provider) },
  })
  await kit.connect('injected')
  const chain = evmSendChain(adapter, { connectorId: 'injected', address: alice, network: anvil })
  if (!chain) throw new Error('the eip155 adapter cannot send')
  const sent = () =>
    provider.calls
      .filter((call) => call.method === 'eth_sendTransaction')
      .map(({ params }) => (params as unknown[])[0])
  return { chain, sent }
}

describe('the fee reviewed in Send is the fee the wallet is asked to pay', () => {
  it('a native send carries the reviewed gas limit and EIP-1559 fees, in hex', async () => {
    fakeRpc()
    const { chain, sent } = await sendChainOfRecordingWallet()
    const transfer = { token: tEth, to: bob, amount: parseEther('1') }
    const fee = await chain.estimateFee(transfer)
    // viem's estimate: the base fee with 20% headroom, plus the priority fee.
    const maxFeePerGas = parseGwei('13')
    expect(fee.cost).toBe(21_000n * maxFeePerGas)
    await expect(chain.send(transfer, fee)).resolves.toBe(sentHash)
    expect(sent()).toEqual([
      {
        from: alice,
        to: bob,
        value: numberToHex(parseEther('1')),
        gas: numberToHex(21_000),
        maxFeePerGas: numberToHex(maxFeePerGas),
        maxPriorityFeePerGas: numberToHex(parseGwei('1')),
      },
    ])
  })

  it('Max on the native coin plus gas × max fee per gas, as sent, is the whole balance', async () => {
    fakeRpc()
    const { chain, sent } = await sendChainOfRecordingWallet()
    const fee = await chain.estimateFee({ token: tEth, to: bob, amount: 0n })
    const held = await chain.balanceOf(tEth)
    const max = chain.parseUnits(maxAmount({ balance: held, decimals: 18, native: true, fee: fee.cost }), 18)
    await chain.send({ token: tEth, to: bob, amount: max }, fee)
    const [request] = sent() as Partial<Record<'value' | 'gas' | 'maxFeePerGas', Hex>>[]
    const { value, gas, maxFeePerGas } = request ?? {}
    expect(gas).toBeDefined()
    expect(maxFeePerGas).toBeDefined()
    expect(hexToBigInt(value as Hex) + hexToBigInt(gas as Hex) * hexToBigInt(maxFeePerGas as Hex)).toBe(
      balance,
    )
  })

  it('on a legacy chain (no base fee) a send carries the reviewed gas limit and gas price', async () => {
    fakeRpc({ legacy: true })
    const { chain, sent } = await sendChainOfRecordingWallet()
    const transfer = { token: tEth, to: bob, amount: 1n }
    const fee = await chain.estimateFee(transfer)
    // viem's estimate: the gas price with 20% headroom.
    expect(fee.cost).toBe(21_000n * parseGwei('6'))
    await chain.send(transfer, fee)
    expect(sent()).toEqual([
      { from: alice, to: bob, value: '0x1', gas: numberToHex(21_000), gasPrice: numberToHex(parseGwei('6')) },
    ])
  })

  it.each([
    { what: 'a token send', token: tUsd, gas: 21_000 },
    { what: 'a native send to an address that runs code on what it receives', token: tEth, gas: 45_000 },
  ])('$what carries the reviewed fees and leaves its gas limit to the wallet, which estimates it for the amount sent', async ({
    token,
    gas,
  }) => {
    fakeRpc({ gas })
    const { chain, sent } = await sendChainOfRecordingWallet()
    const transfer = { token, to: bob, amount: 1n }
    const fee = await chain.estimateFee(transfer)
    expect(fee.cost).toBe(BigInt(gas) * parseGwei('13'))
    await chain.send(transfer, fee)
    const [request] = sent() as Record<string, unknown>[]
    expect(request).toMatchObject({
      maxFeePerGas: numberToHex(parseGwei('13')),
      maxPriorityFeePerGas: numberToHex(parseGwei('1')),
    })
    expect(request).not.toHaveProperty('gas')
  })
})
