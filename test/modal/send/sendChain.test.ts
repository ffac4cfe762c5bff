import {
  decodeAbiParameters,
  decodeFunctionData,
  deploylessCallViaBytecodeBytecode,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  hexToBigInt,
  multicall3Abi,
  numberToHex,
  parseEther,
  parseGwei,
  parseUnits,
  toFunctionSelector,
} from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { checkAmount, maxAmount } from '../../../modal/send/amount.js'
import { readHeld } from '../../../modal/send/held.js'
import { evmSendChain } from '../../../modal/send/sendChain.js'
import { sendTokens } from '../../../modal/send/tokens.js'
import type { SendToken } from '../../../modal/send/transfer.js'
import type { TokenBalance } from '../../../modal/state/types.js'
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

const decimalsSelector = toFunctionSelector('decimals()')
const balanceOfSelector = toFunctionSelector('balanceOf(address)')
const word = (value: bigint | number) => numberToHex(value, { size: 32 })

type CallResult = { success: boolean; returnData: Hex }

/**
 * The calls an eth_call makes: viem batches reads into Multicall3's aggregate3, its code deployed along in
 * the call (the chain client's deployless multicall); a call from an account (a simulated transfer) is one.
 */
function answerCall(data: Hex, callOne: (data: Hex) => CallResult): { result: unknown } | { error: unknown } {
  if (data.startsWith(deploylessCallViaBytecodeBytecode)) {
    const [, aggregate] = decodeAbiParameters(
      [{ type: 'bytes' }, { type: 'bytes' }],
      `0x${data.slice(deploylessCallViaBytecodeBytecode.length)}`,
    )
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: aggregate })
    if (functionName !== 'aggregate3') throw new Error(`unexpected multicall ${functionName}`)
    const results = args[0].map(({ callData }) => callOne(callData))
    return { result: encodeFunctionResult({ abi: multicall3Abi, functionName, result: results }) }
  }
  const { success, returnData } = callOne(data)
  return success ? { result: returnData } : { error: { code: 3, message: 'execution reverted', data: '0x' } }
}

/**
 * The network's RPC in place of fetch: `gas` a transfer (21000 by default: a plain one, where no code runs),
 * and a latest block with a base fee of 10 gwei and a priority fee of 1 gwei, or no base fee (a legacy chain)
 * and a gas price of 5 gwei. Its one token contract holds `balance` for anyone, reports `decimals` (none: its
 * decimals() reverts) and accepts every transfer.
 */
function fakeRpc({ legacy = false, gas = 21_000, decimals = 6 as number | 'reverts' } = {}) {
  const token = (data: Hex): CallResult => {
    if (data.startsWith(decimalsSelector))
      return decimals === 'reverts'
        ? { success: false, returnData: '0x' }
        : { success: true, returnData: word(decimals) }
    if (data.startsWith(balanceOfSelector)) return { success: true, returnData: word(balance) }
    return { success: true, returnData: word(1) }
  }
  const answer = (method: string, params: unknown): { result: unknown } | { error: unknown } => {
    if (method === 'eth_call') return answerCall((params as [{ data: Hex }])[0].data, token)
    return { result: result(method) }
  }
  const result = (method: string): unknown => {
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
      default:
        return null
    }
  }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as
      | { id: number; method: string; params: unknown }
      | { id: number; method: string; params: unknown }[]
    const answers = [body]
      .flat()
      .map(({ id, method, params }) => ({ jsonrpc: '2.0', id, ...answer(method, params) }))
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

/** The api's balance of tUSD for alice, which says the token has `decimals`. */
function apiBalance(decimals: number): TokenBalance {
  return {
    name: tUsd.name,
    symbol: tUsd.symbol,
    chainId: anvil.caipNetworkId,
    address: `${anvil.caipNetworkId}:${tUsd.contract}`,
    value: 2,
    price: 1,
    quantity: { decimals: String(decimals), numeric: '2' },
    iconUrl: '',
  }
}

/** The tokens whose `transfer` the wallet was asked to call, as (recipient, amount). */
function transfersAsked(sent: unknown[]) {
  return sent.map(
    (request) => decodeFunctionData({ abi: erc20Abi, data: (request as { data: Hex }).data }).args,
  )
}

describe('a token is sent in the decimals its contract reports, whatever the api says', () => {
  it.each([
    24, 6,
  ])('the api says %i decimals for a token whose contract reports 18: the amount typed is reviewed and sent × 10^18', async (apiDecimals) => {
    fakeRpc({ decimals: 18 })
    const { chain, sent } = await sendChainOfRecordingWallet()
    const [native, token] = sendTokens(anvil, [apiBalance(apiDecimals)]) as [SendToken, SendToken]
    expect(token.decimals).toBe(apiDecimals)
    const held = await readHeld(chain, token, native)
    expect(held.token.decimals).toBe(18)
    const fee = await chain.estimateFee({ token: held.token, to: bob, amount: 1n })
    const amount = checkAmount('1.5', {
      decimals: held.token.decimals,
      parse: chain.parseUnits,
      locale: 'en',
      balance: held.balance,
      nativeBalance: held.native,
      native: false,
      fee: fee.cost,
    })
    if (!amount.ok) throw new Error(`1.5 tUSD is not sendable: ${amount.issue.kind}`)
    await chain.send({ token: held.token, to: bob, amount: amount.amount }, fee)
    expect(transfersAsked(sent())).toEqual([[bob, parseUnits('1.5', 18)]])
  })

  it('a transfer scaled by decimals other than the contract reports is refused before the wallet is asked', async () => {
    fakeRpc({ decimals: 18 })
    const { chain, sent } = await sendChainOfRecordingWallet()
    const token = { ...tUsd, decimals: 24 }
    const transfer = { token, to: bob, amount: parseUnits('1.5', 24) }
    const fee = await chain.estimateFee(transfer)
    await expect(chain.send(transfer, fee)).rejects.toThrow(
      'The decimals of tUSD could not be confirmed with its contract',
    )
    expect(sent()).toEqual([])
  })

  it('a token whose decimals cannot be read from its contract is neither offered for review nor sent', async () => {
    fakeRpc({ decimals: 'reverts' })
    const { chain, sent } = await sendChainOfRecordingWallet()
    const [native, token] = sendTokens(anvil, [apiBalance(18)]) as [SendToken, SendToken]
    await expect(readHeld(chain, token, native)).rejects.toThrow(
      'The decimals of tUSD could not be confirmed with its contract',
    )
    const transfer = { token, to: bob, amount: parseUnits('1.5', 18) }
    const fee = await chain.estimateFee(transfer)
    await expect(chain.send(transfer, fee)).rejects.toThrow(
      'The decimals of tUSD could not be confirmed with its contract',
    )
    expect(sent()).toEqual([])
  })

  it('a token whose contract reports more decimals than a uint8 holds is not offered for review', async () => {
    fakeRpc({ decimals: 256 })
    const { chain } = await sendChainOfRecordingWallet()
    const [native, token] = sendTokens(anvil, [apiBalance(18)]) as [SendToken, SendToken]
    await expect(readHeld(chain, token, native)).rejects.toThrow(
      'The decimals of tUSD could not be confirmed with its contract',
    )
  })

  it("reads a token's decimals from its contract once for the view", async () => {
    fakeRpc({ decimals: 18 })
    const { chain } = await sendChainOfRecordingWallet()
    const [native, token] = sendTokens(anvil, [apiBalance(24)]) as [SendToken, SendToken]
    const held = await readHeld(chain, token, native)
    await readHeld(chain, token, native)
    const fee = await chain.estimateFee({ token: held.token, to: bob, amount: 1n })
    await chain.send({ token: held.token, to: bob, amount: 1n }, fee)
    const decimalsReads = vi
      .mocked(fetch)
      .mock.calls.flatMap(([, init]) => [JSON.parse(String(init?.body))].flat() as { params?: unknown }[])
      .filter((request) => JSON.stringify(request.params ?? '').includes(decimalsSelector.slice(2)))
    expect(decimalsReads).toHaveLength(1)
  })
})
