import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { beforeEach, describe, expect, it } from 'vitest'
import { type SolanaBridgeReply, SolanaWalletHandler } from './solanaWallet/handler.js'
import { createSignInMessageText } from './solanaWallet/signInMessage.js'
import type { SolanaKey } from './solanaWallet/signTransaction.js'

const keyFromSeed = (fill: number): SolanaKey => {
  const seed = new Uint8Array(32).fill(fill)
  const publicKey = ed25519.getPublicKey(seed)
  return { seed, publicKey, address: getAddressDecoder().decode(publicKey) }
}
const key = keyFromSeed(7)
const other = keyFromSeed(8)
const origin = 'http://127.0.0.1:5173'
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const unb64 = (text: unknown) => new Uint8Array(Buffer.from(String(text), 'base64'))
const recipient = keyFromSeed(9).address as Address

/** Wire bytes of an unsigned SOL transfer from `source`, paid by `feePayer`. */
function transferBytes(version: 0 | 'legacy', feePayer: SolanaKey, source: SolanaKey): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer.address as Address), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY' as Blockhash,
          lastValidBlockHeight: 100n,
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(source.address as Address),
          destination: recipient,
          amount: 1_000n,
        }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const result = (reply: SolanaBridgeReply) => {
  if ('error' in reply) throw new Error(`unexpected error ${reply.error.code} ${reply.error.message}`)
  return reply.result as Record<string, unknown>[]
}

describe('Solana test wallet handler', () => {
  let wallet: SolanaWalletHandler
  beforeEach(() => {
    wallet = new SolanaWalletHandler(key, {
      'solana:localnet': 'http://127.0.0.1:1',
      'solana:devnet': 'http://127.0.0.1:2',
    })
  })
  const connect = () => wallet.handle({ method: 'standard:connect', params: { silent: false } }, origin)

  it('lists the chains it has an RPC for', () => {
    expect(wallet.chains).toEqual(['solana:localnet', 'solana:devnet'])
  })

  it('answers a silent connect with no accounts until the origin was approved once, then with the account', async () => {
    const silent = { method: 'standard:connect', params: { silent: true } }
    expect(await wallet.handle(silent, origin)).toEqual({ result: { accounts: [] } })
    expect(await connect()).toEqual({ result: { accounts: [key.address] } })
    expect(await wallet.handle(silent, origin)).toEqual({ result: { accounts: [key.address] } })
    expect(await wallet.handle(silent, 'http://127.0.0.1:9999')).toEqual({ result: { accounts: [] } })
    expect(await wallet.handle({ method: 'standard:disconnect', params: null }, origin)).toEqual({
      result: null,
    })
    // The approval lives as long as the wallet: a reload after disconnect reconnects silently.
    expect(await wallet.handle(silent, origin)).toEqual({ result: { accounts: [key.address] } })
  })

  it('signs messages that ed25519 verifies against its public key', async () => {
    await connect()
    const messages = [new TextEncoder().encode('hello pairwise'), new Uint8Array([0, 255, 1])]
    const outputs = result(
      await wallet.handle(
        {
          method: 'solana:signMessage',
          params: messages.map((message) => ({ account: key.address, message: b64(message) })),
        },
        origin,
      ),
    )
    expect(outputs).toHaveLength(2)
    outputs.forEach((output, index) => {
      expect(output.signatureType).toBe('ed25519')
      expect(unb64(output.signedMessage)).toEqual(messages[index])
      expect(ed25519.verify(unb64(output.signature), messages[index]!, key.publicKey)).toBe(true)
      expect(ed25519.verify(unb64(output.signature), messages[index]!, other.publicKey)).toBe(false)
    })
  })

  it('refuses to sign for an origin that never connected, or for an account it does not hold', async () => {
    const ask = (account: string) =>
      wallet.handle(
        { method: 'solana:signMessage', params: [{ account, message: b64(new Uint8Array([1])) }] },
        origin,
      )
    expect(await ask(key.address)).toMatchObject({ error: { code: 4100 } })
    await connect()
    expect(await ask(other.address)).toMatchObject({ error: { code: 4100 } })
  })

  it.each([
    0,
    'legacy',
  ] as const)('signs a kit-built %s transaction in its own signer slot and leaves the other slots as they were', async (version) => {
    await connect()
    const unsigned = transferBytes(version, other, key)
    const outputs = result(
      await wallet.handle(
        {
          method: 'solana:signTransaction',
          params: [{ account: key.address, transaction: b64(unsigned), chain: 'solana:localnet' }],
        },
        origin,
      ),
    )
    const signed = getTransactionDecoder().decode(unb64(outputs[0]?.signedTransaction))
    const unsignedDecoded = getTransactionDecoder().decode(unsigned)
    expect(signed.messageBytes).toEqual(unsignedDecoded.messageBytes)
    expect(Object.keys(signed.signatures)).toEqual([other.address, key.address])
    expect(signed.signatures[other.address as Address]).toBeNull()
    const signature = signed.signatures[key.address as Address]!
    expect(ed25519.verify(signature, Uint8Array.from(signed.messageBytes), key.publicKey)).toBe(true)
  })

  it('refuses a transaction that needs no signature from it, bytes that are no transaction, and an unknown chain', async () => {
    await connect()
    const sign = (transaction: Uint8Array, chain?: string) =>
      wallet.handle(
        {
          method: 'solana:signTransaction',
          params: [{ account: key.address, transaction: b64(transaction), chain }],
        },
        origin,
      )
    expect(await sign(transferBytes(0, other, other))).toMatchObject({ error: { code: -32602 } })
    expect(await sign(new Uint8Array([1, 2, 3]))).toMatchObject({ error: { code: -32602 } })
    expect(await sign(transferBytes(0, key, key), 'solana:mainnet')).toEqual({
      error: { code: -32602, message: 'Unsupported chain solana:mainnet' },
    })
  })

  it('with the reject policy, every prompt fails with 4001 and silent answers still need none', async () => {
    const rejected = { error: { code: 4001, message: 'User rejected the request.' } }
    wallet.setPolicy('reject')
    expect(await connect()).toEqual(rejected)
    expect(await wallet.handle({ method: 'solana:signIn', params: [{}] }, origin)).toEqual(rejected)
    expect(await wallet.handle({ method: 'standard:connect', params: { silent: true } }, origin)).toEqual({
      result: { accounts: [] },
    })
    wallet.setPolicy('approve')
    await connect()
    wallet.setPolicy('reject')
    const message = { account: key.address, message: b64(new Uint8Array([1])) }
    expect(await wallet.handle({ method: 'solana:signMessage', params: [message] }, origin)).toEqual(rejected)
    const transaction = {
      account: key.address,
      transaction: b64(transferBytes(0, key, key)),
      chain: 'solana:localnet',
    }
    expect(await wallet.handle({ method: 'solana:signTransaction', params: [transaction] }, origin)).toEqual(
      rejected,
    )
    expect(
      await wallet.handle({ method: 'solana:signAndSendTransaction', params: [transaction] }, origin),
    ).toEqual(rejected)
  })

  it('builds the Sign-In-With-Solana text with the fields in the standard order', () => {
    expect(
      createSignInMessageText({
        domain: 'example.com',
        address: key.address,
        statement: 'Sign in to Pairwise',
        uri: 'https://example.com/login',
        version: '1',
        chainId: 'solana:devnet',
        nonce: 'abc12345',
        issuedAt: '2026-01-01T00:00:00.000Z',
        expirationTime: '2026-01-02T00:00:00.000Z',
        notBefore: '2025-12-31T00:00:00.000Z',
        requestId: 'r-1',
        resources: ['https://example.com/a', 'ipfs://b'],
      }),
    ).toBe(
      [
        'example.com wants you to sign in with your Solana account:',
        key.address,
        '',
        'Sign in to Pairwise',
        '',
        'URI: https://example.com/login',
        'Version: 1',
        'Chain ID: solana:devnet',
        'Nonce: abc12345',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Expiration Time: 2026-01-02T00:00:00.000Z',
        'Not Before: 2025-12-31T00:00:00.000Z',
        'Request ID: r-1',
        'Resources:',
        '- https://example.com/a',
        '- ipfs://b',
      ].join('\n'),
    )
    expect(createSignInMessageText({ domain: 'example.com', address: key.address, nonce: 'n1' })).toBe(
      `example.com wants you to sign in with your Solana account:\n${key.address}\n\nNonce: n1`,
    )
  })

  it('signs in with the page host as domain, connects the origin, and signs the exact text', async () => {
    const [output] = result(
      await wallet.handle(
        { method: 'solana:signIn', params: [{ statement: 'Welcome', nonce: 'n0nce123' }] },
        origin,
      ),
    )
    const text = new TextDecoder().decode(unb64(output?.signedMessage))
    expect(text).toBe(
      `127.0.0.1:5173 wants you to sign in with your Solana account:\n${key.address}\n\nWelcome\n\nNonce: n0nce123`,
    )
    expect(output).toMatchObject({ account: key.address, signatureType: 'ed25519' })
    expect(ed25519.verify(unb64(output?.signature), unb64(output?.signedMessage), key.publicKey)).toBe(true)
    expect(await wallet.handle({ method: 'standard:connect', params: { silent: true } }, origin)).toEqual({
      result: { accounts: [key.address] },
    })
    expect(
      await wallet.handle({ method: 'solana:signIn', params: [{ address: other.address }] }, origin),
    ).toMatchObject({ error: { code: 4100 } })
  })

  it('records every call and answers unknown methods and malformed params with codes', async () => {
    expect(
      await wallet.handle({ method: 'solana:signAndSendAllTransactions', params: [] }, origin),
    ).toMatchObject({
      error: { code: 4200 },
    })
    expect(
      await wallet.handle({ method: 'solana:signMessage', params: [{ account: 1 }] }, origin),
    ).toMatchObject({
      error: { code: -32602 },
    })
    expect(await wallet.handle('nonsense', origin)).toMatchObject({ error: { code: -32600 } })
    expect(wallet.calls.map((call) => call.method)).toEqual([
      'solana:signAndSendAllTransactions',
      'solana:signMessage',
    ])
  })
})
