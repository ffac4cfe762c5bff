import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  getBase64Decoder,
  getBase64Encoder,
  getOffchainMessageV1Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { describe, expect, it, vi } from 'vitest'
import { Emitter } from '../../common/index.js'
import type { AdapterContext, CaipNetwork, WalletConnectTransport } from '../../modal/adapter.js'
import type { ConfirmOptions } from '../../solana/confirm.js'
import { defineSolanaNetwork, SolanaAdapter, solanaDevnet } from '../../solana/index.js'
import { type SolanaProvider, type SolanaProviderEvents, solanaProvider } from '../../solana/provider.js'
import type { SolanaRpc } from '../../solana/rpc.js'
import type { SolanaSigner } from '../../solana/signer.js'
import { standardSigner } from '../../solana/standardSigner.js'
import { walletConnectSigner } from '../../solana/walletConnectSigner.js'
import { createKit } from '../modal/support/kit.js'
import { walletRegistry } from '../support/walletRegistry.js'
import {
  badAnswersFor,
  blockhashes,
  keyOf,
  signedWith,
  type TestKey,
  unsignedBy,
} from './support/transactions.js'

const network = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' } as unknown as CaipNetwork

/** 64 bytes the length check takes, signed by no one. */
const forgedSignature = () => crypto.getRandomValues(new Uint8Array(64))

function providerOf(signer: SolanaSigner) {
  return solanaProvider({
    signer: () => signer,
    connected: () => true,
    network: () => network,
    chains: () => [network],
    events: new Emitter<SolanaProviderEvents>(() => undefined),
    disconnect: async () => undefined,
    rpc: () => ({}) as SolanaRpc,
    preflightCommitment: 'confirmed',
    confirm: {} as ConfirmOptions,
    domain: () => 'app.example',
  })
}

function signerOf(
  key: TestKey,
  signIn?: SolanaSigner['signIn'],
  sign: (message: Uint8Array) => Uint8Array = (message) => ed25519.sign(message, key.secretKey),
) {
  const signMessage = vi.fn(async (message: Uint8Array) => sign(message))
  const signer: SolanaSigner = {
    walletName: 'Test',
    address: key.address,
    publicKey: key.publicKey,
    signMessage,
    signTransaction: async (transaction) => signedWith(transaction, key),
    ...(signIn ? { signIn } : {}),
  }
  return { signer, signMessage }
}

describe('Solana provider signIn', () => {
  it('takes a wallet’s own sign-in only for the connected account', async () => {
    const connected = keyOf()
    const other = keyOf()
    const answer = (key: typeof other) => async () => ({
      address: key.address,
      publicKey: key.publicKey,
      signedMessage: Uint8Array.of(1),
      signature: ed25519.sign(Uint8Array.of(1), key.secretKey),
    })
    await expect(providerOf(signerOf(connected, answer(connected)).signer).signIn()).resolves.toMatchObject({
      address: connected.address,
    })
    await expect(providerOf(signerOf(connected, answer(other)).signer).signIn()).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    })
  })

  it('takes a wallet’s own sign-in only with a signature of its message that verifies with the connected key', async () => {
    const connected = keyOf()
    const forged = async () => ({
      address: connected.address,
      publicKey: connected.publicKey,
      signedMessage: Uint8Array.of(1),
      signature: forgedSignature(),
    })
    await expect(providerOf(signerOf(connected, forged).signer).signIn()).rejects.toMatchObject({
      code: 'SIGN_MESSAGE_FAILED',
    })
  })

  it('refuses a sign-in text the wallet signed with 64 bytes that do not verify with the connected key', async () => {
    const { signer } = signerOf(keyOf(), undefined, forgedSignature)
    await expect(providerOf(signer).signIn()).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
  })

  it('refuses to sign a sign-in text naming an address other than the connected account', async () => {
    const connected = keyOf()
    const other = keyOf()
    const { signer, signMessage } = signerOf(connected)
    await expect(providerOf(signer).signIn({ address: other.address })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    })
    expect(signMessage).not.toHaveBeenCalled()
    await providerOf(signer).signIn({ address: connected.address })
    expect(signMessage).toHaveBeenCalledTimes(1)
  })
})

describe('Solana provider signMessage of bytes that are a transaction', () => {
  /** The message of a transaction `payer` signs, paying `lamports` to `to`: a legacy one, or a v0 one. */
  function transferMessage(payer: string, to: string, version: 'legacy' | 0) {
    const message = pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayer(address(payer), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash('4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'), lastValidBlockHeight: 1n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: createNoopSigner(address(payer)),
            destination: address(to),
            amount: 1_000_000_000n,
          }),
          m,
        ),
    )
    return new Uint8Array(compileTransaction(message).messageBytes)
  }

  it('refuses, before the wallet is asked, message bytes that are a transaction the account signs: its signature would send that transaction', async () => {
    const key = keyOf()
    const thief = keyOf().address
    for (const version of ['legacy', 0] as const) {
      const { signer, signMessage } = signerOf(key)
      const message = transferMessage(key.address, thief, version)
      await expect(providerOf(signer).signMessage(message)).rejects.toMatchObject({
        code: 'TRANSACTION_AS_MESSAGE',
      })
      // With bytes after it the transaction is still one the network takes: refused the same.
      await expect(
        providerOf(signer).signMessage(Uint8Array.from([...message, 1, 2, 3])),
      ).rejects.toMatchObject({ code: 'TRANSACTION_AS_MESSAGE' })
      expect(signMessage).not.toHaveBeenCalled()
    }
  })

  it('signs a transaction message the account is no signer of, an off-chain message naming the account, and any text, as a message', async () => {
    const key = keyOf()
    const { signer, signMessage } = signerOf(key)
    await providerOf(signer).signMessage(transferMessage(keyOf().address, key.address, 0))
    // The `\xffsolana offchain` signing domain, made so that no transaction begins as it does.
    const offchain = getOffchainMessageV1Encoder().encode({
      version: 1,
      requiredSignatories: [{ address: address(key.address) }],
      content: 'Sign in to app.example',
    })
    await providerOf(signer).signMessage(new Uint8Array(offchain))
    await providerOf(signer).signMessage(new TextEncoder().encode('Sign in to app.example'))
    expect(signMessage).toHaveBeenCalledTimes(3)
  })
})

describe('Solana provider signMessage over WalletConnect', () => {
  /** A provider over a WalletConnect session whose wallet answers solana_signMessage with `sign`'s bytes. */
  function sessionProvider(key: ReturnType<typeof keyOf>, sign: (message: Uint8Array) => Uint8Array) {
    const transport = {
      request: async ({ params }: { params: { message: string } }) => ({
        signature: base58.encode(sign(base58.decode(params.message))),
      }),
    } as unknown as WalletConnectTransport
    return providerOf(walletConnectSigner(transport, key.address, 'Test', undefined))
  }

  it('hands back the signature the session’s wallet made with the connected key', async () => {
    const key = keyOf()
    const message = new TextEncoder().encode('sign me')
    const signature = await sessionProvider(key, (m) => ed25519.sign(m, key.secretKey)).signMessage(message)
    expect(ed25519.verify(signature, message, key.publicKey)).toBe(true)
  })

  it('refuses 64 bytes that do not verify with the connected key, as a bad wallet answer', async () => {
    await expect(
      sessionProvider(keyOf(), forgedSignature).signMessage(new TextEncoder().encode('sign me')),
    ).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
  })

  it('refuses a signature the session’s wallet made with another key', async () => {
    const other = keyOf()
    await expect(
      sessionProvider(keyOf(), (m) => ed25519.sign(m, other.secretKey)).signMessage(Uint8Array.of(1)),
    ).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
  })
})

describe('Solana provider sendTransaction', () => {
  it('sends the wallet-signed transaction through the web3.js Connection the app passes, with its options, as AppKit does', async () => {
    const key = keyOf()
    const { signer } = signerOf(key)
    const sendRawTransaction = vi.fn(async () => 'signature-from-the-app-connection')
    const transaction = unsignedBy(key.address)
    await expect(
      providerOf(signer).sendTransaction(transaction, { sendRawTransaction }, { skipPreflight: true }),
    ).resolves.toBe('signature-from-the-app-connection')
    expect(sendRawTransaction).toHaveBeenCalledWith(signedWith(transaction, key), {
      skipPreflight: true,
    })
  })
})

describe('Solana provider signed transactions', () => {
  type Answer = (transaction: Uint8Array) => Uint8Array
  const base64 = getBase64Decoder()
  const bytesOf = (transaction: string) => new Uint8Array(getBase64Encoder().encode(transaction))

  /** A page wallet serving devnet whose solana:signTransaction answers each transaction with `answer`'s bytes. */
  function pageWallet(answer: Answer): Wallet {
    return {
      version: '1.0.0',
      name: 'Test wallet',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: ['solana:devnet'],
      accounts: [],
      features: {
        'solana:signTransaction': {
          version: '1.0.0',
          signTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
            inputs.map(({ transaction }) => ({ signedTransaction: answer(transaction) })),
        },
      },
    }
  }

  /** A WalletConnect session whose wallet answers each transaction whole with `answer`'s bytes. */
  const sessionOf = (answer: Answer) =>
    ({
      request: async ({ params }: { params: { transaction?: string; transactions?: string[] } }) =>
        params.transactions
          ? { transactions: params.transactions.map((t) => base64.decode(answer(bytesOf(t)))) }
          : { transaction: base64.decode(answer(bytesOf(params.transaction ?? ''))) },
    }) as unknown as WalletConnectTransport

  // Every way a connection reaches its wallet, the wallet answering each transaction with `answer`'s bytes.
  const signers: [string, (key: TestKey, answer: Answer) => SolanaSigner][] = [
    [
      'a page wallet (Wallet Standard)',
      (key, answer) =>
        standardSigner(pageWallet(answer), {
          address: key.address,
          publicKey: key.publicKey,
          chains: ['solana:devnet'],
          features: [],
        }),
    ],
    [
      'a WalletConnect wallet granting solana_signAllTransactions',
      (key, answer) =>
        walletConnectSigner(sessionOf(answer), key.address, 'Test', [
          'solana_signTransaction',
          'solana_signAllTransactions',
        ]),
    ],
    [
      'a WalletConnect wallet asked for each in turn',
      (key, answer) =>
        walletConnectSigner(sessionOf(answer), key.address, 'Test', ['solana_signTransaction']),
    ],
  ]

  describe.each(signers)('over %s', (_, signerOver) => {
    it('refuses, as a bad wallet answer, a transaction answered with the account’s slot empty, another key’s signature in it, another account’s transaction, or no transaction at all, signed alone, in a batch or to be sent', async () => {
      const key = keyOf()
      const transaction = unsignedBy(key.address)
      const sendRawTransaction = vi.fn(async () => 'sent')
      for (const answered of badAnswersFor(key, transaction)) {
        const provider = providerOf(signerOver(key, () => answered))
        const badAnswer = { code: 'SIGN_MESSAGE_FAILED' }
        await expect(provider.signTransaction(transaction)).rejects.toMatchObject(badAnswer)
        await expect(provider.signAllTransactions([transaction])).rejects.toMatchObject(badAnswer)
        await expect(provider.sendTransaction(transaction, { sendRawTransaction })).rejects.toMatchObject(
          badAnswer,
        )
      }
      expect(sendRawTransaction).not.toHaveBeenCalled()
    })

    it('hands back a transaction whose message the wallet changed (a priority fee added) when the account signed the message it answers', async () => {
      const key = keyOf()
      const changed = signedWith(unsignedBy(key.address, blockhashes[1]), key)
      const provider = providerOf(signerOver(key, () => changed))
      const transaction = unsignedBy(key.address)
      await expect(provider.signTransaction(transaction)).resolves.toEqual(changed)
      await expect(provider.signAllTransactions([transaction, transaction])).resolves.toEqual([
        changed,
        changed,
      ])
    })
  })

  it('refuses, as a bad wallet answer, a WalletConnect wallet’s signature alone that does not verify over the transaction’s message with the account’s key', async () => {
    const key = keyOf()
    const transaction = unsignedBy(key.address)
    const decoded = getTransactionDecoder().decode(signedWith(transaction, key, keyOf()))
    for (const signature of [forgedSignature(), decoded.signatures[address(key.address)] as Uint8Array]) {
      const session = { request: async () => ({ signature: base58.encode(signature) }) }
      const signer = walletConnectSigner(
        session as unknown as WalletConnectTransport,
        key.address,
        'Test',
        [],
      )
      await expect(providerOf(signer).signTransaction(transaction)).rejects.toMatchObject({
        code: 'SIGN_MESSAGE_FAILED',
      })
    }
  })
})

describe('Solana adapter provider', () => {
  const localnet = defineSolanaNetwork({
    genesisHash: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    name: 'Solana Local',
    rpcUrl: 'http://127.0.0.1:1',
  })

  const secretOf = (seed: number) => new Uint8Array(32).fill(seed)
  const keyOfSeed = (seed: number) => ({ address: accountOf(seed).address, secretKey: secretOf(seed) })

  function accountOf(seed: number): WalletAccount {
    const publicKey = ed25519.getPublicKey(secretOf(seed))
    return {
      address: getAddressDecoder().decode(publicKey),
      publicKey,
      chains: ['solana:localnet', 'solana:devnet'],
      features: [],
    }
  }

  /**
   * A page wallet serving the local chain and devnet: `change` sends its account change, `signedBy` lists the
   * accounts its signMessage signed with, `signRequests` the inputs of each signTransaction request,
   * `disconnects` counts its `standard:disconnect` calls; after `forge` its signMessage answers 64 bytes
   * signed by no one.
   */
  function testWallet() {
    const first = accountOf(1)
    // The accounts it may change to, by address, each with the seed of its secret.
    const seeds = new Map([1, 2, 3].map((seed) => [accountOf(seed).address, seed]))
    let forged = false
    let change: (event: { accounts: WalletAccount[] }) => void = () => undefined
    const signedBy: string[] = []
    const signRequests: number[] = []
    const disconnects = vi.fn(async () => undefined)
    const wallet: Wallet = {
      version: '1.0.0',
      name: 'Test wallet',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: ['solana:localnet', 'solana:devnet'],
      accounts: [first],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [first] }) },
        'standard:disconnect': { version: '1.0.0', disconnect: disconnects },
        'standard:events': {
          version: '1.0.0',
          on: (_event: string, listener: typeof change) => {
            change = listener
            return () => undefined
          },
        },
        'solana:signTransaction': {
          version: '1.0.0',
          signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) => {
            signRequests.push(inputs.length)
            return inputs.map(({ account, transaction }) => ({
              signedTransaction: signedWith(transaction, keyOfSeed(seeds.get(account.address) ?? 0)),
            }))
          },
        },
        'solana:signMessage': {
          version: '1.0.0',
          signMessage: async ({ account, message }: { account: WalletAccount; message: Uint8Array }) => {
            signedBy.push(account.address)
            const secret = secretOf(seeds.get(account.address) ?? 0)
            return [
              {
                signedMessage: message,
                signature: forged ? forgedSignature() : ed25519.sign(message, secret),
              },
            ]
          },
        },
      },
    }
    const registry = walletRegistry()
    registry.register(wallet)
    return {
      adapter: new SolanaAdapter({ registry: () => registry as never }),
      change: (accounts: WalletAccount[]) => change({ accounts }),
      forge: () => {
        forged = true
      },
      signedBy,
      signRequests,
      disconnects,
    }
  }

  /** The test wallet connected through the adapter alone. */
  async function connectedWallet() {
    const { adapter, ...wallet } = testWallet()
    const context: AdapterContext = {
      networks: [localnet, solanaDevnet],
      target: undefined,
      emit: () => undefined,
      enableInjected: true,
      enableEIP6963: true,
    }
    adapter.setup(context)
    await adapter.connect({ connectorId: 'solana:Test wallet', network: localnet })
    return {
      ...wallet,
      adapter,
      provider: adapter.getProvider('solana:Test wallet') as SolanaProvider,
    }
  }

  it('is one object per connection, which follows the wallet to the account it changes to', async () => {
    const { adapter, provider, change, signedBy } = await connectedWallet()
    expect(adapter.getProvider('solana:Test wallet')).toBe(provider)
    const second = accountOf(2)
    change([second])
    expect(provider.address).toBe(second.address)
    await provider.signMessage(new Uint8Array([1]))
    expect(signedBy).toEqual([second.address])
  })

  it('hands back a message signature only when it verifies with the account’s key: 64 other bytes are a bad wallet answer', async () => {
    const { provider, forge } = await connectedWallet()
    const message = new TextEncoder().encode('sign me')
    expect(
      ed25519.verify(await provider.signMessage(message), message, new Uint8Array(accountOf(1).publicKey)),
    ).toBe(true)
    forge()
    await expect(provider.signMessage(message)).rejects.toMatchObject({ code: 'SIGN_MESSAGE_FAILED' })
  })

  it('a provider the app kept past a disconnect asks the wallet nothing, and still tells the account and wallet it was for', async () => {
    const { adapter, provider, signedBy, signRequests } = await connectedWallet()
    await adapter.disconnect('solana:Test wallet')
    const notConnected = { code: 'CONNECTOR_NOT_CONNECTED' }
    const transaction = Uint8Array.of(1)
    await expect(provider.signMessage(Uint8Array.of(1))).rejects.toMatchObject(notConnected)
    await expect(provider.signTransaction(transaction)).rejects.toMatchObject(notConnected)
    await expect(provider.signAllTransactions([transaction])).rejects.toMatchObject(notConnected)
    await expect(provider.signAndSendTransaction(transaction)).rejects.toMatchObject(notConnected)
    await expect(provider.sendTransaction(transaction)).rejects.toMatchObject(notConnected)
    await expect(provider.signIn()).rejects.toMatchObject(notConnected)
    await expect(provider.transfer({ to: accountOf(2).address, amount: '0.1' })).rejects.toMatchObject(
      notConnected,
    )
    expect(signedBy).toEqual([])
    expect(signRequests).toEqual([])
    const first = accountOf(1)
    expect(provider.address).toBe(first.address)
    expect(provider.publicKey).toEqual(first.publicKey)
    expect(provider.name).toBe('Test wallet')
    expect(provider.walletName).toBe('Test wallet')
  })

  it('signs all transactions in one wallet request, so the user approves them once, each handed back in order', async () => {
    const { provider, signRequests } = await connectedWallet()
    const transactions = blockhashes.map((blockhash) => unsignedBy(accountOf(1).address, blockhash))
    await expect(provider.signAllTransactions(transactions)).resolves.toEqual(
      transactions.map((transaction) => signedWith(transaction, keyOfSeed(1))),
    )
    expect(signRequests).toEqual([2])
  })

  it('tells its listeners, as AppKit’s provider does, of the account the wallet changes to, a network switch and the end of the connection; a listener taken off hears no more', async () => {
    const { adapter, provider, change } = await connectedWallet()
    const heard: unknown[] = []
    const onAccount = (key: Uint8Array) => heard.push(['accountsChanged', key])
    provider.on('accountsChanged', onAccount)
    provider.on('chainChanged', (chain) => heard.push(['chainChanged', chain]))
    provider.on('disconnect', () => heard.push(['disconnect']))
    const second = accountOf(2)
    change([second])
    await adapter.switchNetwork({ connectorId: 'solana:Test wallet', network: solanaDevnet })
    // The network it is on already is no change to hear of.
    await adapter.switchNetwork({ connectorId: 'solana:Test wallet', network: solanaDevnet })
    provider.removeListener('accountsChanged', onAccount)
    change([accountOf(3)])
    change([])
    expect(heard).toEqual([
      ['accountsChanged', second.publicKey],
      ['chainChanged', solanaDevnet.caipNetworkId],
      ['disconnect'],
    ])
    expect(adapter.getProvider('solana:Test wallet')).toBeUndefined()
  })

  it('has AppKit’s name and chains, and its disconnect ends the connection in the wallet and in the modal, as the modal’s own disconnect does', async () => {
    const { adapter, disconnects } = testWallet()
    const kit = createKit({ options: { networks: [localnet, solanaDevnet], adapters: [adapter] } })
    await kit.connect('solana:Test wallet')
    const provider = kit.getProvider('solana') as SolanaProvider
    expect(provider.name).toBe('Test wallet')
    expect(provider.walletName).toBe('Test wallet')
    expect(provider.chains.map((n) => n.caipNetworkId)).toEqual([
      localnet.caipNetworkId,
      solanaDevnet.caipNetworkId,
    ])
    const ended = vi.fn()
    provider.on('disconnect', ended)
    await provider.disconnect()
    expect(disconnects).toHaveBeenCalledOnce()
    expect(ended).toHaveBeenCalledOnce()
    expect(kit.store.get().connections.solana?.status).toBe('disconnected')
    expect(kit.getProvider('solana')).toBeUndefined()
    kit.destroy()
  })

  it('reports its disconnect as DISCONNECT_SUCCESS, as the modal’s own disconnect does, but not a wallet ending the connection or failing to', async () => {
    const { adapter, change, disconnects } = testWallet()
    const kit = createKit({ options: { networks: [localnet, solanaDevnet], adapters: [adapter] } })
    const heard: string[] = []
    kit.subscribeEvents(({ data }) => heard.push(data.event))
    await kit.connect('solana:Test wallet')
    change([])
    expect(kit.store.get().connections.solana?.status).toBe('disconnected')
    await kit.connect('solana:Test wallet')
    disconnects.mockRejectedValueOnce(new Error('wallet busy'))
    await expect((kit.getProvider('solana') as SolanaProvider).disconnect()).rejects.toThrow('wallet busy')
    expect(kit.store.get().connections.solana?.status).toBe('disconnected')
    expect(heard).not.toContain('DISCONNECT_SUCCESS')
    await kit.connect('solana:Test wallet')
    await (kit.getProvider('solana') as SolanaProvider).disconnect()
    expect(heard.filter((event) => event.startsWith('DISCONNECT'))).toEqual(['DISCONNECT_SUCCESS'])
    expect(kit.getEvent().data.event).toBe('DISCONNECT_SUCCESS')
    kit.destroy()
  })
})
