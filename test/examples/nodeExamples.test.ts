import {
  createWalletClient,
  custom,
  type Hex,
  parseEther,
  recoverMessageAddress,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type Cacao,
  formatAuthMessage,
  SignClient,
  UniversalProvider,
  verifyCacaoSignature,
} from '../../engine/index.js'
import { runExampleDapp } from '../../examples/node/exampleDapp.js'
import { runExampleSignIn } from '../../examples/node/exampleSignIn.js'
import { type ExampleWalletActivity, startExampleWallet } from '../../examples/node/exampleWallet.js'
import { walletEvents, walletMethods } from '../../examples/node/walletMethods.js'
import { SignInRefused, signInCacaos } from '../../examples/node/walletSignIn.js'
import { devPrivateKeys, localNetwork } from '../../services/index.js'
import { type RunningRelay, silentLogger, startRelay } from '../../services/relay/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'
import { type BundledScripts, bundleNodeScripts, type RunningScript, runScript } from './support/scripts.js'

const account0 = privateKeyToAccount(devPrivateKeys[0]).address
const account1 = privateKeyToAccount(devPrivateKeys[1]).address

let chain: ChainFixture
let relay: RunningRelay
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  ;[chain, relay] = await Promise.all([
    startChainFixture(),
    startRelay({ port: 0, store: 'memory', logger: silentLogger }),
  ])
}, 60_000)
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  await (await bundled)?.remove()
  await relay?.close()
  await chain?.stop()
})

/** What the transfer cost the sender beyond its value: gas used times the price paid. */
async function feeOf(hash: Hex): Promise<bigint> {
  const receipt = await chain.publicClient.getTransactionReceipt({ hash })
  return receipt.gasUsed * receipt.effectiveGasPrice
}

/** The example wallet on the test chain and relay, closed after the test. */
async function startWallet(activity: ExampleWalletActivity[] = [], chains?: Record<number, string>) {
  const wallet = await startExampleWallet({
    relayUrl: relay.url,
    rpcUrl: chain.rpcUrl,
    logger: 'silent',
    onActivity: (entry) => activity.push(entry),
    ...(chains ? { chains } : {}),
  })
  cleanups.push(() => wallet.close())
  return wallet
}

describe('Node examples as modules', () => {
  it('the dapp connects to the wallet through the relay, gets a valid signature and 0.01 tETH sent', async () => {
    const activity: ExampleWalletActivity[] = []
    const wallet = await startWallet(activity)
    expect(wallet.address).toBe(account0)
    expect(wallet.chains).toEqual(['eip155:31337'])
    const before = {
      sender: await chain.publicClient.getBalance({ address: account0 }),
      recipient: await chain.publicClient.getBalance({ address: account1 }),
    }
    const paired: Promise<unknown>[] = []
    const result = await runExampleDapp({
      relayUrl: relay.url,
      rpcUrl: chain.rpcUrl,
      logger: 'silent',
      onUri: (uri) => paired.push(wallet.pair(uri)),
    })
    expect(paired).toHaveLength(1)
    expect(await paired[0]).toMatchObject({ peer: { metadata: { name: 'Pairwise example dapp' } } })

    expect(result.address).toBe(account0)
    expect(
      await verifyMessage({ address: account0, message: result.message, signature: result.signature }),
    ).toBe(true)
    expect(result.signatureValid).toBe(true)
    expect(result.transactionStatus).toBe('success')
    const value = parseEther('0.01')
    expect(await chain.publicClient.getBalance({ address: account1 })).toBe(before.recipient + value)
    expect(await chain.publicClient.getBalance({ address: account0 })).toBe(
      before.sender - value - (await feeOf(result.transactionHash)),
    )
    expect(activity.map((entry) => (entry.type === 'request' ? entry.method : entry.type))).toEqual([
      'session',
      'personal_sign',
      'eth_sendTransaction',
    ])
    // The dapp's disconnect is a publish the wallet receives a moment later.
    await vi.waitFor(() => expect(wallet.client.session.length).toBe(0), { timeout: 5_000 })
  })

  it('the wallet signs typed data, switches to chains it knows, and refuses what it cannot do', async () => {
    const wallet = await startWallet([], { 31338: 'http://127.0.0.1:9' })
    const provider = await UniversalProvider.init({ relayUrl: relay.url, logger: 'silent' })
    cleanups.push(() => provider.close())
    provider.on('display_uri', (uri) => void wallet.pair(uri).catch(() => {}))
    await provider.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: [...walletMethods],
          events: [...walletEvents],
          rpcMap: { 31337: chain.rpcUrl },
        },
      },
    })
    const network = localNetwork(chain.rpcUrl)
    const walletClient = createWalletClient({ chain: network, transport: custom(provider) })
    const typedData = {
      domain: { name: 'Pairwise', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const signature = await walletClient.signTypedData({ account: account0, ...typedData })
    expect(await verifyTypedData({ address: account0, ...typedData, signature })).toBe(true)

    await expect(
      provider.request({ method: 'personal_sign', params: [toHex('not mine'), account1] }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(walletClient.switchChain({ id: 1 })).rejects.toMatchObject({ code: 4902 })

    await walletClient.switchChain({ id: 31338 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(provider.session?.namespaces.eip155?.accounts).toContain(`eip155:31338:${account0}`)
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      message: 'No RPC url provided for chainId',
      data: { chainId: 'eip155:31338' },
    })
  })
})

describe('the example wallet pairs', () => {
  it('waits for the proposal when the URI names an expiry weeks away, rather than failing at once', async () => {
    const wallet = await startWallet()
    const dapp = await SignClient.init({ relayUrl: relay.url, logger: 'silent' })
    cleanups.push(() => dapp.close())
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
    })
    // 30 days on: past the 24.8 days a Node timer can wait, which it would take for "now".
    const expiry = Math.floor(Date.now() / 1000) + 30 * 24 * 3600
    const farUri = (uri as string).replace(/expiryTimestamp=\d+/, `expiryTimestamp=${expiry}`)
    expect(farUri).toContain(`expiryTimestamp=${expiry}`)
    const [paired, approved] = await Promise.all([wallet.pair(farUri), approval()])
    expect(paired).toMatchObject({ topic: approved.topic })
  })
})

/** The address that signed a CACAO, recovered by viem from the SIWE message it carries. */
const signerOf = (cacao: Cacao) =>
  recoverMessageAddress({ message: formatAuthMessage(cacao.p, cacao.p.iss), signature: cacao.s.s as Hex })

describe('the example wallet signs in (session_authenticate)', () => {
  it("the example dapp's authenticate() gets a verified CACAO from Anvil account 0 and a session that signs", async () => {
    const activity: ExampleWalletActivity[] = []
    const wallet = await startWallet(activity)
    const paired: Promise<unknown>[] = []
    const ended = new Promise((resolve) => wallet.client.once('session_delete', resolve))
    const result = await runExampleSignIn({
      relayUrl: relay.url,
      rpcUrl: chain.rpcUrl,
      logger: 'silent',
      nonce: 'examplenonce1',
      onUri: (uri) => paired.push(wallet.pair(uri)),
    })
    expect(paired).toHaveLength(1)
    expect(await paired[0]).toMatchObject({ topic: result.session?.topic })

    expect(result.address).toBe(account0)
    expect(result.chainId).toBe('eip155:31337')
    expect(result.cacao.p).toMatchObject({
      iss: `did:pkh:eip155:31337:${account0}`,
      domain: 'dapp.pairwise.localhost',
      nonce: 'examplenonce1',
    })
    expect(result.signatureValid).toBe(true)
    expect(await verifyCacaoSignature(result.cacao)).toBe(true)
    expect(await signerOf(result.cacao)).toBe(account0)
    expect(result.session?.methods).toEqual(['personal_sign'])
    expect(result.personalSign?.valid).toBe(true)
    expect(activity.map((entry) => (entry.type === 'request' ? entry.method : entry.type))).toEqual([
      'signedIn',
      'personal_sign',
    ])
    expect(await ended).toMatchObject({ topic: result.session?.topic })
    expect(wallet.client.session.length).toBe(0)
  })

  it('signs one CACAO per eip155 chain asked for; without methods there is no session', async () => {
    const wallet = await startWallet()
    const dapp = await SignClient.init({ relayUrl: relay.url, logger: 'silent' })
    cleanups.push(() => dapp.close())
    const { uri, response } = await dapp.authenticate({
      chains: ['eip155:31337', 'eip155:1'],
      domain: 'signin.example',
      uri: 'https://signin.example/login',
      nonce: 'perchain42',
    })
    const paired = wallet.pair(uri)
    const { auths, session } = await response()
    expect(session).toBeUndefined()
    expect(await paired).toBeUndefined()
    expect(auths?.map((cacao) => cacao.p.iss)).toEqual([
      `did:pkh:eip155:31337:${account0}`,
      `did:pkh:eip155:1:${account0}`,
    ])
    for (const cacao of auths ?? []) {
      expect(cacao.s.t).toBe('eip191')
      expect(await verifyCacaoSignature(cacao)).toBe(true)
      expect(await signerOf(cacao)).toBe(account0)
    }
  })

  it('declines a sign-in it cannot sign: the dapp gets the reason, the wallet keeps nothing', async () => {
    const activity: ExampleWalletActivity[] = []
    const wallet = await startWallet(activity)
    const dapp = await SignClient.init({ relayUrl: relay.url, logger: 'silent' })
    cleanups.push(() => dapp.close())
    const { uri, response } = await dapp.authenticate({
      chains: ['eip155:31337'],
      domain: 'signin.example',
      uri: 'https://signin.example/login',
      nonce: 'badstatement',
      // A statement may not span lines (it could forge the message's later fields), so it cannot be signed.
      statement: 'Sign in\nURI: https://evil.example',
    })
    const paired = wallet.pair(uri).then(
      () => undefined,
      (error: unknown) => error,
    )
    await expect(response()).rejects.toMatchObject({ code: 5000 })
    expect(await paired).toMatchObject({ message: expect.stringMatching(/^The sign-in was not answered/) })
    expect(activity).toMatchObject([{ type: 'signInRejected' }])
    expect(wallet.client.auth.requests.length).toBe(0)
    expect(wallet.client.session.length).toBe(0)
  })

  it('refuses to sign in on no eip155 chain', async () => {
    const wallet = await startWallet()
    const request = {
      chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      domain: 'signin.example',
      aud: 'https://signin.example',
      version: '1',
      nonce: 'solana1',
      iat: new Date().toISOString(),
    }
    await expect(
      signInCacaos(wallet.client, privateKeyToAccount(devPrivateKeys[0]), request),
    ).rejects.toBeInstanceOf(SignInRefused)
  })
})

/** The CLI and the example scripts, bundled by the first test that runs one and removed after the file. */
let bundled: Promise<BundledScripts> | undefined

/** `run` starts one of the bundled scripts with its wallet key unset, stopped after the test. */
async function exampleScripts(): Promise<(name: string, args: string[]) => RunningScript> {
  bundled ??= bundleNodeScripts({
    pairwise: 'services/cli/main.ts',
    dapp: 'examples/node/dapp.ts',
    wallet: 'examples/node/wallet.ts',
  })
  const scripts = await bundled
  const started: RunningScript[] = []
  cleanups.push(() => Promise.all(started.map((script) => script.stop())))
  return (name, args) => {
    const script = runScript(scripts.path(name), args, { PAIRWISE_PRIVATE_KEY: undefined })
    started.push(script)
    return script
  }
}

describe('Node examples as commands', () => {
  it('dapp.ts and wallet.ts pair through `pairwise relay`, sign and send 0.01 tETH', async () => {
    const run = await exampleScripts()

    const relayProcess = run('pairwise', ['relay', '--port', '0', '--store', 'memory'])
    const [, relayUrl] = await relayProcess.waitForLine(/listening on (ws:\/\/\S+)/)
    const before = await chain.publicClient.getBalance({ address: account1 })
    const dapp = run('dapp', ['--relay', relayUrl as string, '--rpc', chain.rpcUrl])
    const [uri] = await dapp.waitForLine(/^wc:\S+$/)
    const wallet = run('wallet', [uri, '--relay', relayUrl as string, '--rpc', chain.rpcUrl])

    expect(await dapp.exited).toBe(0)
    expect(await wallet.exited).toBe(0)
    const [, signature] = await dapp.waitForLine(/^personal_sign: (0x[0-9a-f]+) \(valid\)$/)
    expect(
      await verifyMessage({
        address: account0,
        message: 'Hello from the Pairwise example dapp',
        signature: signature as Hex,
      }),
    ).toBe(true)
    const [, hash] = await dapp.waitForLine(/^sent 0\.01 tETH to 0x\w+: (0x[0-9a-f]{64}) \(success\)$/)
    expect((await chain.publicClient.getTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
    expect(await chain.publicClient.getBalance({ address: account1 })).toBe(before + parseEther('0.01'))
    expect(wallet.output).toEqual(
      expect.arrayContaining([
        'approved a session with Pairwise example dapp',
        'answered personal_sign on eip155:31337',
        'answered eth_sendTransaction on eip155:31337',
        'the dapp disconnected',
      ]),
    )
  }, 90_000)
})

describe('the sign-in as commands', () => {
  it('dapp.ts --authenticate signs in with wallet.ts and uses the session once', async () => {
    const scripts = await exampleScripts()
    const run = (name: string, args: string[]) =>
      scripts(name, [...args, '--relay', relay.url, '--rpc', chain.rpcUrl])

    const dapp = run('dapp', ['--authenticate'])
    const [uri] = await dapp.waitForLine(/^wc:\S+$/)
    const wallet = run('wallet', [uri])

    expect(await dapp.exited).toBe(0)
    expect(await wallet.exited).toBe(0)
    await dapp.waitForLine(new RegExp(`^signed in as ${account0} on eip155:31337 \\(valid CACAO\\)$`))
    await dapp.waitForLine(/^personal_sign over the session: 0x[0-9a-f]+ \(valid\)$/)
    expect(wallet.output).toEqual(
      expect.arrayContaining([
        'signed in on eip155:31337 with a session',
        'answered personal_sign on eip155:31337',
        'the dapp disconnected',
      ]),
    )
  }, 60_000)
})
