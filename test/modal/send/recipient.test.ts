import {
  type Address,
  type Chain,
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  getAddress,
  type Hex,
  parseAbi,
  toHex,
  zeroAddress,
} from 'viem'
import { namehash, packetToBytes } from 'viem/ens'
import { describe, expect, it } from 'vitest'
import { universalResolverNames } from '../../../modal/send/names.js'
import { readRecipient, recipientFor } from '../../../modal/send/recipient.js'
import type { SendToken } from '../../../modal/send/transfer.js'
import { alice, bob, evmNetwork } from '../support/kit.js'

const universalResolver = '0x00000000000000000000000000000000000000aa'
const resolverAbi = parseAbi([
  'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
])
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])

/**
 * A chain client whose universal resolver knows `names`: it answers eth_call as the contract does
 * (resolveWithGateways → the resolver's addr(node) answer), an unknown name with the zero address.
 */
function fakeNamesClient(names: Record<string, Address>, withResolver = true) {
  const calls: string[] = []
  const chain: Chain = {
    ...evmNetwork(31337, 'http://127.0.0.1:1'),
    ...(withResolver ? { contracts: { ensUniversalResolver: { address: universalResolver } } } : {}),
  }
  const client = createClient({
    chain,
    transport: custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
        const [call] = params as [{ to: Address; data: Hex }]
        expect(call.to).toBe(universalResolver)
        const { args } = decodeFunctionData({ abi: resolverAbi, data: call.data })
        const { args: inner } = decodeFunctionData({ abi: addrAbi, data: args[1] })
        const name = Object.keys(names).find((n) => toHex(packetToBytes(n)) === args[0])
        calls.push(name ?? 'unknown')
        if (name) expect(inner[0]).toBe(namehash(name))
        return encodeFunctionResult({
          abi: resolverAbi,
          functionName: 'resolveWithGateways',
          result: [
            encodeFunctionResult({
              abi: addrAbi,
              functionName: 'addr',
              result: name ? names[name]! : zeroAddress,
            }),
            universalResolver,
          ],
        })
      },
    }),
  })
  return { client, calls }
}

describe('send recipients', () => {
  it('a 0x address is taken as it is written in one case, and in mixed case only with a valid checksum', async () => {
    expect(await readRecipient(alice.toLowerCase(), undefined)).toEqual({ ok: true, address: alice })
    expect(await readRecipient(` ${alice} `, undefined)).toEqual({ ok: true, address: alice })
    // One letter's case flipped: still mixed case, no longer the EIP-55 checksum.
    const mixed = alice
      .slice(2)
      .replace(/[a-fA-F]/, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
    expect(await readRecipient(`0x${mixed}`, undefined)).toEqual({ ok: false, issue: { kind: 'checksum' } })
  })

  it('a 0x address written all in upper case (as QR codes carry it) is taken like one in lower case', async () => {
    expect(await readRecipient(`0x${alice.slice(2).toUpperCase()}`, undefined)).toEqual({
      ok: true,
      address: alice,
    })
  })

  it('an empty field is no recipient yet; text that is neither an address nor a name is refused', async () => {
    expect(await readRecipient('  ', undefined)).toBeUndefined()
    for (const text of ['0x1234', 'bob', 'al ice.eth', `${alice}0`, 'a..eth'])
      expect(await readRecipient(text, async () => bob), text).toEqual({
        ok: false,
        issue: { kind: 'invalid' },
      })
  })

  it('a name is resolved through the network universal resolver (ENSIP-15 normalised first)', async () => {
    const { client, calls } = fakeNamesClient({ 'alice-test.pairwise.eth': bob })
    const resolve = universalResolverNames(client)
    expect(resolve).toBeDefined()
    expect(await readRecipient('Alice-Test.pairwise.eth', resolve)).toEqual({
      ok: true,
      address: getAddress(bob),
      name: 'alice-test.pairwise.eth',
    })
    expect(await readRecipient('nobody.pairwise.eth', resolve)).toEqual({
      ok: false,
      issue: { kind: 'notFound', name: 'nobody.pairwise.eth' },
    })
    expect(calls).toEqual(['alice-test.pairwise.eth', 'unknown'])
  })

  it('a network without a universal resolver cannot send to names; a failed lookup says so', async () => {
    const { client } = fakeNamesClient({}, false)
    expect(universalResolverNames(client)).toBeUndefined()
    expect(await readRecipient('alice.eth', undefined)).toEqual({
      ok: false,
      issue: { kind: 'namesUnsupported' },
    })
    expect(
      await readRecipient('alice.eth', async () => {
        throw new Error('HTTP request failed')
      }),
    ).toEqual({ ok: false, issue: { kind: 'lookupFailed', name: 'alice.eth' } })
  })

  it('refuses the zero address, and the contract of the token sent, where whatever is sent is lost', async () => {
    const tEth: SendToken = { name: 'Test Ether', symbol: 'tETH', decimals: 18 }
    const tUsd: SendToken = { ...tEth, symbol: 'tUSD', decimals: 6, contract: getAddress(bob) }
    const zero = await readRecipient(zeroAddress, undefined)
    expect(zero && recipientFor(zero, tEth)).toEqual({ ok: false, issue: { kind: 'zeroAddress' } })
    expect(zero && recipientFor(zero, tUsd)).toEqual({ ok: false, issue: { kind: 'zeroAddress' } })
    const contract = await readRecipient(bob.toLowerCase(), undefined)
    expect(contract && recipientFor(contract, tUsd)).toEqual({
      ok: false,
      issue: { kind: 'tokenContract', symbol: 'tUSD' },
    })
    // A name that resolves to the contract is refused alike; the contract stays an address for the native coin.
    const named = await readRecipient('usd.eth', async () => bob)
    expect(named && recipientFor(named, tUsd)).toMatchObject({ ok: false })
    expect(contract && recipientFor(contract, tEth)).toEqual({ ok: true, address: getAddress(bob) })
  })
})
