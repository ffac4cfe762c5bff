import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { text } from 'node:stream/consumers'
import type { Hono } from 'hono'
import solc from 'solc'
import { type Address, createWalletClient, getAddress, type Hex, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gasBurnerSkippedMs } from '../../../services/api/balances/erc20Holdings.js'
import { balanceRoutes, type KnownTokens, tokenBalanceSchema } from '../../../services/api/balances/index.js'
import { ApiChains, localApiChain } from '../../../services/api/chains/index.js'
import { devPrivateKeys, freePort, localNetwork, testUsdAbi } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { appWith, routeDeps } from './support/routeHarness.js'

// Stand-in ERC-20s compiled here so the fixtures stay as they are: one whose text and decimals the test
// picks, one answering its name and symbol as bytes32 (as MKR and SAI do), one whose bytes32 name is not
// UTF-8, one without name() and one without name() or symbol().
const tokenSource = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;
contract Token {
  string public name; string public symbol; uint8 public decimals;
  mapping(address => uint256) public balanceOf;
  constructor(string memory n, string memory s, uint8 d, address holder, uint256 amount) {
    name = n; symbol = s; decimals = d; balanceOf[holder] = amount;
  }
}
contract Bytes32Token {
  bytes32 public name = "Maker"; bytes32 public symbol = "MKR"; uint8 public decimals = 18;
  mapping(address => uint256) public balanceOf;
  constructor(address holder, uint256 amount) { balanceOf[holder] = amount; }
}
contract NotUtf8Token {
  bytes32 public name = hex"c328"; bytes32 public symbol = "BAD"; uint8 public decimals = 18;
  mapping(address => uint256) public balanceOf;
  constructor(address holder, uint256 amount) { balanceOf[holder] = amount; }
}
contract UnnamedToken {
  string public symbol = "ANON"; uint8 public decimals = 18;
  mapping(address => uint256) public balanceOf;
  constructor(address holder, uint256 amount) { balanceOf[holder] = amount; }
}
contract BareToken {
  uint8 public decimals = 18;
  mapping(address => uint256) public balanceOf;
  constructor(address holder, uint256 amount) { balanceOf[holder] = amount; }
}`

// A contract whose every function loops until its gas is gone: runtime JUMPDEST PUSH1 0 JUMP (0x5b600056),
// put in place by PUSH4 it, PUSH1 0, MSTORE, PUSH1 4, PUSH1 28, RETURN.
const burnerInitCode: Hex = '0x635b6000566000526004601cf3'

/**
 * A relay to `rpcUrl` that keeps the body of every call it passes on; while `callsFail`, it answers each
 * eth_call with HTTP 503 instead, as an RPC provider that is down does.
 */
async function rpcRelay(rpcUrl: string) {
  const bodies: string[] = []
  const server = createServer(async (request, response) => {
    const body = await text(request)
    if (relay.callsFail && body.includes('"eth_call"')) return void response.writeHead(503).end()
    bodies.push(body)
    const answer = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const relay = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    callsFail: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return relay
}

type Contract = 'Token' | 'Bytes32Token' | 'NotUtf8Token' | 'UnnamedToken' | 'BareToken'

function compileTokens(): Record<Contract, { abi: unknown[]; bytecode: Hex }> {
  const input = {
    language: 'Solidity',
    sources: { 'Token.sol': { content: tokenSource } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const contracts = JSON.parse(solc.compile(JSON.stringify(input))).contracts['Token.sol']
  const names: Contract[] = ['Token', 'Bytes32Token', 'NotUtf8Token', 'UnnamedToken', 'BareToken']
  return Object.fromEntries(
    names.map((name) => [
      name,
      { abi: contracts[name].abi, bytecode: `0x${contracts[name].evm.bytecode.object}` as Hex },
    ]),
  ) as Record<Contract, { abi: unknown[]; bytecode: Hex }>
}

describe('GET /v1/balances', () => {
  let chain: ChainFixture
  let app: Hono
  let known: Address[] = []
  const clock = { now: 1_000_000 }
  const holder = privateKeyToAccount(generatePrivateKey()).address
  const emptyHanded = privateKeyToAccount(generatePrivateKey()).address
  let zeroDecimals: Address
  let eighteenDecimals: Address
  let bytes32Text: Address
  let notUtf8Name: Address
  let unnamed: Address
  let bare: Address
  let spamText: Address
  let burner: Address

  const get = (query: Record<string, string>, on = app) =>
    on.request(`/v1/balances?${new URLSearchParams({ projectId: 'p1', ...query })}`)
  const balancesOf = async (address: string, caipNetworkId = 'eip155:31337', on = app) => {
    const response = await get({ address, caipNetworkId }, on)
    expect(response.status).toBe(200)
    const { balances } = (await response.json()) as { balances: unknown[] }
    return balances.map((balance) => tokenBalanceSchema.strict().parse(balance))
  }
  const symbolsOf = async (on = app) =>
    (await balancesOf(holder, 'eip155:31337', on)).map(({ symbol }) => symbol)

  beforeAll(async () => {
    chain = await startChainFixture()
    const wallet = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[0]),
      chain: localNetwork(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
    const mined = async (hash: Hex) => chain.publicClient.waitForTransactionReceipt({ hash })
    const { Token, Bytes32Token, NotUtf8Token, UnnamedToken, BareToken } = compileTokens()
    const deploy = async (args: unknown[], { abi, bytecode } = Token) =>
      getAddress((await mined(await wallet.deployContract({ abi, bytecode, args }))).contractAddress!)
    zeroDecimals = await deploy(['Whole', 'WHOLE', 0, holder, 7n])
    eighteenDecimals = await deploy(['Seen', 'SEEN', 18, holder, parseEther('3')])
    bytes32Text = await deploy([holder, parseEther('4')], Bytes32Token)
    notUtf8Name = await deploy([holder, parseEther('5')], NotUtf8Token)
    unnamed = await deploy([holder, parseEther('6')], UnnamedToken)
    bare = await deploy([holder, parseEther('7')], BareToken)
    spamText = await deploy([
      `Claim\u0000\u202e ${'at spam.example '.repeat(500)}`,
      `\u0007${'$'.repeat(100)}`,
      18,
      holder,
      1n,
    ])
    burner = await deploy([], { abi: [], bytecode: burnerInitCode })
    await chain.testClient.setBalance({ address: holder, value: parseEther('2') })
    await mined(
      await wallet.writeContract({
        address: chain.fixtures.testUsd,
        abi: testUsdAbi,
        functionName: 'transfer',
        args: [holder, parseUnits('12.5', 6)],
      }),
    )
    app = await appOn(chain.rpcUrl)
  }, 60_000)

  /** The balances app with a memory of its own, reading the chain at `rpcUrl`. */
  const appOn = async (rpcUrl: string) => {
    const chains = new ApiChains([localApiChain({ rpcUrl, testUsd: chain.fixtures.testUsd })])
    const knownTokens: KnownTokens = async () => known
    return appWith(balanceRoutes({ ...(await routeDeps(clock)), chains, knownTokens }))
  }

  /** Runs `steps` against an app reading the chain through a relay that keeps what it is asked. */
  const throughRelay = async (
    steps: (
      relay: Awaited<ReturnType<typeof rpcRelay>>,
      relayed: Awaited<ReturnType<typeof appOn>>,
    ) => Promise<void>,
  ) => {
    const relay = await rpcRelay(chain.rpcUrl)
    try {
      await steps(relay, await appOn(relay.url))
    } finally {
      await relay.close()
    }
  }

  afterAll(() => chain?.stop())

  it('BAL-06 answers the native coin and tokens of the address on the network asked, in the spec shape', async () => {
    expect(await balancesOf(holder)).toEqual([
      {
        name: 'Test Ether',
        symbol: 'tETH',
        chainId: 'eip155:31337',
        value: 2,
        price: 1,
        quantity: { decimals: '18', numeric: '2' },
        iconUrl: '',
      },
      {
        name: 'Test USD',
        symbol: 'tUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${chain.fixtures.testUsd}`,
        value: 12.5,
        price: 1,
        quantity: { decimals: '6', numeric: '12.5' },
        iconUrl: '',
      },
    ])
    // Another address on the same network: its own (empty) balances; the native coin is always shown.
    expect(await balancesOf(emptyHanded.toLowerCase())).toEqual([
      expect.objectContaining({ symbol: 'tETH', value: 0, quantity: { decimals: '18', numeric: '0' } }),
    ])
  })

  it('BAL-06 a network the api does not serve is 400 UNSUPPORTED_NETWORK', async () => {
    const response = await get({ address: holder, caipNetworkId: 'eip155:1' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: 'Unsupported network: eip155:1',
    })
  })

  it('BAL-03 tokens the address is known to hold are read too, but one with 0 decimals is dropped', async () => {
    known = [zeroDecimals, eighteenDecimals.toLowerCase() as Address]
    clock.now += 10_000
    const symbols = (await balancesOf(holder)).map((balance) => [balance.symbol, balance.quantity.numeric])
    expect(symbols).toEqual([
      ['tETH', '2'],
      ['tUSD', '12.5'],
      ['SEEN', '3'],
    ])
  })

  it('BAL-03 a token answering its name and symbol as bytes32 (as MKR does) is listed with them', async () => {
    known = [bytes32Text]
    clock.now += 10_000
    expect((await balancesOf(holder))[2]).toMatchObject({
      name: 'Maker',
      symbol: 'MKR',
      quantity: { decimals: '18', numeric: '4' },
    })
  })

  it('BAL-03 a token without name() is listed under its symbol; one without name() or symbol() is left out', async () => {
    known = [unnamed, bare]
    clock.now += 10_000
    expect((await balancesOf(holder)).slice(2)).toEqual([
      expect.objectContaining({ name: 'ANON', symbol: 'ANON', quantity: { decimals: '18', numeric: '6' } }),
    ])
  })

  it('BAL-03 a bytes32 name that is not UTF-8 counts as no name: the token is listed under its symbol', async () => {
    known = [notUtf8Name]
    clock.now += 10_000
    expect((await balancesOf(holder)).slice(2)).toEqual([
      expect.objectContaining({ name: 'BAD', symbol: 'BAD', quantity: { decimals: '18', numeric: '5' } }),
    ])
  })

  it('cuts a token name and symbol to what a list shows, without control characters', async () => {
    known = [spamText]
    clock.now += 10_000
    expect((await balancesOf(holder))[2]).toMatchObject({
      name: `Claim ${'at spam.example '.repeat(500)}`.slice(0, 64),
      symbol: '$'.repeat(32),
    })
  })

  it("a token that burns all its gas leaves the address's other tokens shown", async () => {
    known = [burner, eighteenDecimals]
    clock.now += 10_000
    expect(await symbolsOf()).toEqual(['tETH', 'tUSD', 'SEEN'])
  })

  it('a token that burned its gas once is not read again', async () => {
    await throughRelay(async (relay, relayed) => {
      known = [burner]
      clock.now += 10_000
      expect(await symbolsOf(relayed)).toEqual(['tETH', 'tUSD'])
      relay.bodies.length = 0
      clock.now += 10_000
      expect(await symbolsOf(relayed)).toEqual(['tETH', 'tUSD'])
      const calls = relay.bodies.filter((body) => body.includes('"eth_call"'))
      // The tokens left are read in one multicall, and the burner is not among them.
      expect(calls).toHaveLength(1)
      expect(calls[0]).not.toContain(burner.slice(2).toLowerCase())
    })
  })

  it('a token that burned its gas is read again an hour later, and found again alone', async () => {
    await throughRelay(async (relay, relayed) => {
      known = [burner, eighteenDecimals, unnamed]
      clock.now += 10_000
      expect(await symbolsOf(relayed)).toEqual(['tETH', 'tUSD', 'SEEN', 'ANON'])
      clock.now += gasBurnerSkippedMs
      relay.bodies.length = 0
      expect(await symbolsOf(relayed)).toEqual(['tETH', 'tUSD', 'SEEN', 'ANON'])
      const calls = relay.bodies.filter((body) => body.includes('"eth_call"'))
      const readingBurner = calls.filter((body) => body.includes(burner.slice(2).toLowerCase()))
      // All four tokens, the chain's own alone, then halves of the seen ones: the burner's half, then it alone.
      expect(readingBurner).toHaveLength(3)
      expect(calls).toHaveLength(6)
    })
  })

  it('a chain whose calls fail over HTTP answers 502 and marks no token as not an ERC-20', async () => {
    await throughRelay(async (relay, relayed) => {
      known = [eighteenDecimals]
      clock.now += 10_000
      relay.callsFail = true
      expect((await get({ address: holder, caipNetworkId: 'eip155:31337' }, relayed)).status).toBe(502)
      relay.callsFail = false
      // Once the chain answers, its tokens are read as if it had never failed.
      expect(await symbolsOf(relayed)).toEqual(['tETH', 'tUSD', 'SEEN'])
    })
  })

  it('answers from memory for 2 s per network:address, then reads the chain again', async () => {
    clock.now += 10_000
    expect((await balancesOf(holder))[0]?.quantity.numeric).toBe('2')
    await chain.testClient.setBalance({ address: holder, value: parseEther('5') })
    clock.now += 1_999
    expect((await balancesOf(holder))[0]?.quantity.numeric).toBe('2')
    clock.now += 1
    expect((await balancesOf(holder))[0]?.quantity.numeric).toBe('5')
  })

  it('answers bad input with 400 INVALID_REQUEST and an unknown project with 401', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ address: '0x1234', caipNetworkId: 'eip155:31337' }, 400, 'address: not an EVM address'],
      [{ address: holder }, 400, 'caipNetworkId: Invalid input: expected string, received undefined'],
      [{ address: holder, caipNetworkId: 'eip155' }, 400, 'caipNetworkId: not a CAIP-2 chain id'],
      [{ address: 'x'.repeat(200), caipNetworkId: 'eip155:31337' }, 400, ''],
      [
        { address: holder, caipNetworkId: 'eip155:31337', projectId: 'nope' },
        401,
        'Unauthorized: invalid key',
      ],
    ]
    for (const [query, status, message] of cases) {
      const response = await get(query)
      expect(response.status).toBe(status)
      const body = (await response.json()) as { code: string; message: string }
      expect(body.code).toBe(status === 401 ? 'INVALID_KEY' : 'INVALID_REQUEST')
      if (message) expect(body.message).toBe(message)
    }
  })

  it('answers 502 UPSTREAM_ERROR, JSON without a stack, when the chain cannot be read', async () => {
    const closedPort = await freePort()
    const chains = new ApiChains([
      localApiChain({ rpcUrl: `http://127.0.0.1:${closedPort}`, testUsd: chain.fixtures.testUsd }),
    ])
    const down = appWith(balanceRoutes({ ...(await routeDeps(clock)), chains }))
    const response = await down.request(
      `/v1/balances?projectId=p1&address=${holder}&caipNetworkId=eip155:31337`,
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ code: 'UPSTREAM_ERROR', message: 'The chain could not be read' })
  })
})
