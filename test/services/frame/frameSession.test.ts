import { parseEther, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { sealToDevice } from '../../../services/auth/protocol/index.js'
import type { AuthClient } from '../../../services/frame/app/authClient.js'
import { FrameFailure } from '../../../services/frame/app/frameServer.js'
import { sealedSigner } from '../../../services/frame/app/sealedSigner.js'
import { FrameSession } from '../../../services/frame/app/session.js'
import { createWallet, DeviceVault, exportSecret } from '../../../services/frame/custody/index.js'
import { MapStore } from './support/frameFixtures.js'

/**
 * A signed-in frame session over a real wallet: the device share in the vault, the auth share served (sealed
 * to this device's key) by a stand-in of the auth service that counts how often it was asked.
 */
async function signedIn({ tamper = false } = {}) {
  const wallet = await createWallet()
  const vault = new DeviceVault(new MapStore())
  const keys = await vault.deviceKeys()
  await vault.saveDeviceShare({
    walletId: wallet.walletId,
    version: 1,
    address: wallet.address,
    share: wallet.shares.device,
  })
  await vault.saveSession('t'.repeat(43), Date.now() + 60_000)
  const authShare = wallet.shares.auth.slice()
  const last = authShare.length - 1
  if (tamper) authShare[last] = (authShare[last] ?? 0) ^ 0x01
  const asked: string[] = []
  const auth = {
    currentSession: async () => ({
      user: { id: crypto.randomUUID(), email: 'ada@example.com' },
      wallet: { walletId: wallet.walletId, address: wallet.address, version: 1 },
    }),
    walletShare: async (purpose: 'sign' | 'export') => {
      asked.push(purpose)
      return {
        walletId: wallet.walletId,
        address: wallet.address,
        version: 1,
        sealed: await sealToDevice(keys.agreementKey, authShare),
      }
    },
    signOut: async () => ({}),
  } as unknown as AuthClient
  const session = new FrameSession(auth, vault, () => vault.deviceKeys())
  await session.restore()
  return { session, wallet, asked, vault }
}

describe("the frame's signing session", () => {
  it('signs as the wallet once the two shares rebuild its address, asking the server for the auth share once per session', async () => {
    const { session, wallet, asked, vault } = await signedIn()
    const account = await session.account()
    const first = await account.signMessage({ message: 'first' })
    const second = await (await session.account()).signMessage({ message: 'second' })
    expect(await verifyMessage({ address: wallet.address, message: 'first', signature: first })).toBe(true)
    expect(await verifyMessage({ address: wallet.address, message: 'second', signature: second })).toBe(true)
    expect(asked).toEqual(['sign'])

    await session.signOut()
    await expect(session.account()).rejects.toThrow('Not signed in')
    // Logging in again (a new session) opens the wallet again from both shares.
    await vault.saveSession('u'.repeat(43), Date.now() + 60_000)
    await session.restore()
    await session.account()
    expect(asked).toEqual(['sign', 'sign'])
  })

  it('a tampered auth share is detected: nothing is signed and no signer is kept', async () => {
    const { session, asked } = await signedIn({ tamper: true })
    const refusal = await session.account().catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(FrameFailure)
    expect(refusal).toMatchObject({
      code: 4100,
      message: 'A wallet share failed its check; nothing was signed',
    })
    await expect(session.account()).rejects.toThrow('A wallet share failed its check')
    expect(asked).toEqual(['sign', 'sign'])
  })
})

describe('the sealed signer', () => {
  it('signs messages, typed data and transactions exactly as a viem account of the key does', async () => {
    const wallet = await createWallet()
    const { privateKey } = await exportSecret({
      shares: [wallet.shares.device, wallet.shares.auth],
      address: wallet.address,
    })
    const plain = privateKeyToAccount(privateKey)
    const sealed = await sealedSigner(wallet.address, privateKey)
    expect(
      Object.values(sealed).some((value) => typeof value === 'string' && value.includes(privateKey.slice(2))),
    ).toBe(false)

    expect(await sealed.signMessage({ message: { raw: '0x68656c6c6f' } })).toBe(
      await plain.signMessage({ message: { raw: '0x68656c6c6f' } }),
    )
    const typed = {
      domain: { name: 'Pairwise', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hi' },
    } as const
    const typedSignature = await sealed.signTypedData(typed)
    expect(typedSignature).toBe(await plain.signTypedData(typed))
    expect(await verifyTypedData({ address: wallet.address, ...typed, signature: typedSignature })).toBe(true)

    const transaction = {
      chainId: 31337,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1n,
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: parseEther('0.01'),
      type: 'eip1559',
    } as const
    const raw = await sealed.signTransaction(transaction)
    expect(raw).toBe(await plain.signTransaction(transaction))
    expect(await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` })).toBe(
      wallet.address,
    )
  })
})
