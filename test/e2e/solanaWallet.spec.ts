import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import {
  type Address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Wallets } from '@wallet-standard/app'
import { solanaTestKey, startSolanaChain } from '../../services/solana/index.js'
import { bundleForBrowser } from '../support/bundle.js'
import { twoFreePorts } from '../support/ports.js'
import { installSolanaTestWallet } from '../support/solanaWallet/index.js'

// A *.localhost origin is a secure context, which WebCrypto's Ed25519 needs; Playwright answers for it.
const origin = 'http://pairwise.localhost'
const localnetRpc = { 'solana:localnet': 'http://127.0.0.1:9' } as const
let script: string

type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }
type Connect = { connect(input?: { silent?: boolean }): Promise<{ accounts: Account[] }> }
type PageWindow = {
  walletStandard: {
    wallets: Wallets
    events: string[]
    feature<F>(walletName: string, featureName: string): F
  }
}

test.beforeAll(async () => {
  script = await bundleForBrowser(
    fileURLToPath(new URL('../support/solanaWallet/discoveryPage.ts', import.meta.url)),
  )
})

async function open(page: Page) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><script type="module">${script}</script></head><body></body></html>`,
    }),
  )
  await page.goto(`${origin}/`)
  await page.waitForFunction(() => 'walletStandard' in window)
}

const walletNames = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as PageWindow).walletStandard.wallets.get().map((wallet) => wallet.name),
  )

/** Runs `standard:connect` of the named wallet in the page; returns the addresses or the error's code. */
const connect = (page: Page, name: string, silent: boolean) =>
  page.evaluate(
    async ([walletName, quiet]) => {
      const { feature } = (window as unknown as PageWindow).walletStandard
      try {
        const { accounts } = await feature<Connect>(walletName, 'standard:connect').connect({ silent: quiet })
        return { accounts: accounts.map((account) => account.address) }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { code, message }
      }
    },
    [name, silent] as const,
  )

test('a wallet registered before load and one registered after are both found; unregister removes only that one', async ({
  page,
}) => {
  const early = await installSolanaTestWallet(page, { name: 'Early Solana', rpc: localnetRpc })
  const late = await installSolanaTestWallet(page, {
    name: 'Late Solana',
    key: 1,
    rpc: { ...localnetRpc, 'solana:devnet': 'http://127.0.0.1:10' },
    registerAt: 'later',
  })
  await open(page)
  expect(await walletNames(page)).toEqual(['Early Solana'])
  await late.register()
  expect(await walletNames(page)).toEqual(['Early Solana', 'Late Solana'])

  const shape = await page.evaluate(() =>
    (window as unknown as PageWindow).walletStandard.wallets.get().map((wallet) => ({
      version: wallet.version,
      icon: wallet.icon.slice(0, 26),
      chains: wallet.chains,
      accounts: wallet.accounts.length,
      features: Object.fromEntries(
        Object.entries(wallet.features).map(([name, value]) => [
          name,
          (value as { version: string }).version,
        ]),
      ),
    })),
  )
  const features = {
    'standard:connect': '1.0.0',
    'standard:disconnect': '1.0.0',
    'standard:events': '1.0.0',
    'solana:signMessage': '1.1.0',
    'solana:signTransaction': '1.0.0',
    'solana:signAndSendTransaction': '1.0.0',
    'solana:signIn': '1.0.0',
  }
  expect(shape).toEqual([
    {
      version: '1.0.0',
      icon: 'data:image/svg+xml;base64,',
      chains: ['solana:localnet'],
      accounts: 0,
      features,
    },
    {
      version: '1.0.0',
      icon: 'data:image/svg+xml;base64,',
      chains: ['solana:localnet', 'solana:devnet'],
      accounts: 0,
      features,
    },
  ])

  expect((await connect(page, 'Early Solana', false)).accounts).toEqual([early.address])
  expect((await connect(page, 'Late Solana', false)).accounts).toEqual([late.address])
  expect(early.address).not.toBe(late.address)

  await early.unregister()
  expect(await walletNames(page)).toEqual(['Late Solana'])
  // The early wallet registered inside getWallets(), before the page could listen.
  expect(await page.evaluate(() => (window as unknown as PageWindow).walletStandard.events)).toEqual([
    'register Late Solana',
    'unregister Early Solana',
  ])
})

test('connect fires change events, a reload reconnects silently, disconnect empties the accounts', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Pairwise Test Solana', rpc: localnetRpc })
  await open(page)
  expect(await connect(page, 'Pairwise Test Solana', true)).toEqual({ accounts: [] })

  const seen = await page.evaluate(async () => {
    type Events = { on(event: 'change', listener: (p: { accounts?: Account[] }) => void): () => void }
    type Disconnect = { disconnect(): Promise<void> }
    const { feature } = (window as unknown as PageWindow).walletStandard
    const changes: number[] = []
    const off = feature<Events>('Pairwise Test Solana', 'standard:events').on('change', ({ accounts }) =>
      changes.push(accounts?.length ?? -1),
    )
    const { accounts } = await feature<Connect>('Pairwise Test Solana', 'standard:connect').connect()
    const account = accounts[0]!
    await feature<Disconnect>('Pairwise Test Solana', 'standard:disconnect').disconnect()
    await feature<Connect>('Pairwise Test Solana', 'standard:connect').connect()
    off()
    await feature<Disconnect>('Pairwise Test Solana', 'standard:disconnect').disconnect()
    return {
      changes,
      address: account.address,
      publicKey: account.publicKey instanceof Uint8Array ? account.publicKey.length : 'not bytes',
      chains: account.chains,
    }
  })
  expect(seen).toEqual({
    changes: [1, 0, 1],
    address: wallet.address,
    publicKey: 32,
    chains: ['solana:localnet'],
  })

  await page.reload()
  await page.waitForFunction(() => 'walletStandard' in window)
  expect(await connect(page, 'Pairwise Test Solana', true)).toEqual({ accounts: [wallet.address] })
  expect(wallet.calls.map((call) => call.method)).toEqual([
    'standard:connect',
    'standard:connect',
    'standard:disconnect',
    'standard:connect',
    'standard:disconnect',
    'standard:connect',
  ])
})

test('signMessage gives a signature WebCrypto Ed25519 verifies in the page; the reject policy answers 4001', async ({
  page,
}) => {
  const wallet = await installSolanaTestWallet(page, { name: 'Pairwise Test Solana', rpc: localnetRpc })
  await open(page)
  await connect(page, 'Pairwise Test Solana', false)

  const signAndVerify = () =>
    page.evaluate(async () => {
      type SignMessage = {
        signMessage(input: {
          account: Account
          message: Uint8Array
        }): Promise<{ signedMessage: Uint8Array; signature: Uint8Array; signatureType?: string }[]>
      }
      const { feature, wallets } = (window as unknown as PageWindow).walletStandard
      const account = wallets.get().find((w) => w.name === 'Pairwise Test Solana')!.accounts[0] as Account
      const message = new TextEncoder().encode('Sign in to Pairwise ✓')
      try {
        const [output] = await feature<SignMessage>('Pairwise Test Solana', 'solana:signMessage').signMessage(
          {
            account,
            message,
          },
        )
        const { signature, signedMessage, signatureType } = output!
        const publicKey = Uint8Array.from(account.publicKey)
        const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify'])
        const verify = (data: Uint8Array<ArrayBuffer>) =>
          crypto.subtle.verify('Ed25519', key, Uint8Array.from(signature), data)
        const tampered = Uint8Array.from(signedMessage)
        tampered[0]! ^= 1
        return {
          signatureType,
          valid: await verify(Uint8Array.from(signedMessage)),
          tampered: await verify(tampered),
        }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { code, message }
      }
    })
  expect(await signAndVerify()).toEqual({ signatureType: 'ed25519', valid: true, tampered: false })
  wallet.setPolicy('reject')
  expect(await signAndVerify()).toEqual({ code: 4001, message: 'User rejected the request.' })
})

test('signAndSendTransaction signs a kit-built v0 transfer and sends it to the RPC of its chain', async ({
  page,
}) => {
  const [port, wsPort] = await twoFreePorts()
  const chain = await startSolanaChain({ host: '127.0.0.1', port, wsPort })
  try {
    const wallet = await installSolanaTestWallet(page, {
      name: 'Pairwise Test Solana',
      rpc: { 'solana:localnet': chain.rpcUrl, 'solana:devnet': 'http://127.0.0.1:9' },
    })
    await open(page)
    await connect(page, 'Pairwise Test Solana', false)

    const rpc = createSolanaRpc(chain.rpcUrl)
    const from = wallet.address as Address
    const to = solanaTestKey(5).address as Address
    const amount = 100_000_000n
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const transaction = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(createNoopSigner(from), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount }),
            m,
          ),
      ),
    )
    const [before, recipientBefore] = await Promise.all([
      rpc.getBalance(from).send(),
      rpc.getBalance(to).send(),
    ])

    const sent = await page.evaluate(
      async ([walletName, wire]) => {
        type SignAndSend = {
          signAndSendTransaction(input: {
            account: Account
            transaction: Uint8Array
            chain: string
          }): Promise<{ signature: Uint8Array }[]>
        }
        const { feature, wallets } = (window as unknown as PageWindow).walletStandard
        const account = wallets.get().find((w) => w.name === walletName)!.accounts[0] as Account
        const [output] = await feature<SignAndSend>(
          walletName,
          'solana:signAndSendTransaction',
        ).signAndSendTransaction({
          account,
          transaction: Uint8Array.from(atob(wire), (c) => c.charCodeAt(0)),
          chain: 'solana:localnet',
        })
        return [...output!.signature]
      },
      ['Pairwise Test Solana', getBase64EncodedWireTransaction(transaction)] as const,
    )
    const signature = getBase58Decoder().decode(Uint8Array.from(sent)) as Signature
    expect(sent).toHaveLength(64)
    await expect
      .poll(async () => {
        const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
        return status ? { err: status.err, confirmation: status.confirmationStatus } : 'pending'
      })
      .toEqual({ err: null, confirmation: expect.stringMatching(/^(confirmed|finalized)$/) })
    const [after, recipientAfter] = await Promise.all([
      rpc.getBalance(from).send(),
      rpc.getBalance(to).send(),
    ])
    expect(before.value - after.value).toBe(amount + 5_000n)
    expect(recipientAfter.value - recipientBefore.value).toBe(amount)
    expect(wallet.calls.at(-1)).toMatchObject({
      method: 'solana:signAndSendTransaction',
      params: [{ account: wallet.address, chain: 'solana:localnet' }],
    })
  } finally {
    await chain.close()
  }
})
