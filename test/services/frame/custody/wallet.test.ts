import {
  getAddress,
  isAddress,
  parseEther,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type CreatedWallet,
  createWallet,
  exportSecret,
  rebuildAccount,
  TamperedShareError,
} from '../../../../services/frame/custody/index.js'

const typedData = {
  domain: { name: 'Pairwise', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('custody wallet shares', () => {
  let wallet: CreatedWallet

  beforeAll(async () => {
    wallet = await createWallet()
  })

  it('makes a wallet: a UUID, a checksummed address and three 17-byte shares', () => {
    expect(wallet.walletId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(isAddress(wallet.address, { strict: true })).toBe(true)
    expect(wallet.address).toBe(getAddress(wallet.address))
    const { device, auth, recovery } = wallet.shares
    for (const share of [device, auth, recovery]) expect(share).toHaveLength(17)
    expect(new Set([device[16], auth[16], recovery[16]]).size).toBe(3)
  })

  it('rebuilds the same address from any two of the three shares', async () => {
    const { device, auth, recovery } = wallet.shares
    const pairs = [
      [device, auth],
      [auth, recovery],
      [recovery, device],
    ] as const
    for (const shares of pairs) {
      const account = await rebuildAccount({ shares, address: wallet.address })
      expect(account.address).toBe(wallet.address)
    }
  })

  it('does not rebuild from one share, nor from one share given twice', async () => {
    const { device } = wallet.shares
    const one = [device] as unknown as [Uint8Array, Uint8Array]
    await expect(rebuildAccount({ shares: one, address: wallet.address })).rejects.toThrow(TamperedShareError)
    await expect(rebuildAccount({ shares: [device, device], address: wallet.address })).rejects.toThrow(
      TamperedShareError,
    )
  })

  it('refuses a share with one flipped byte: TamperedShareError, no account, nothing exported', async () => {
    const { device, auth } = wallet.shares
    for (const index of [0, 7, 16]) {
      const tampered = auth.slice()
      tampered[index]! ^= 0x01
      const input = { shares: [device, tampered] as const, address: wallet.address }
      await expect(rebuildAccount(input)).rejects.toMatchObject({
        name: 'TamperedShareError',
        code: 'TAMPERED_SHARE',
      })
      await expect(exportSecret(input)).rejects.toThrow(TamperedShareError)
    }
  })

  it('refuses good shares checked against another address', async () => {
    const other = privateKeyToAccount(`0x${'11'.repeat(32)}`).address
    const shares = [wallet.shares.device, wallet.shares.auth] as const
    await expect(rebuildAccount({ shares, address: other })).rejects.toThrow(TamperedShareError)
  })

  it('signs messages, typed data and transactions that viem verifies as the wallet address', async () => {
    const account = await rebuildAccount({
      shares: [wallet.shares.device, wallet.shares.auth],
      address: wallet.address,
    })
    const message = 'Sign in to Pairwise'
    const signature = await account.signMessage({ message })
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    const typedSignature = await account.signTypedData(typedData)
    expect(await verifyTypedData({ address: wallet.address, ...typedData, signature: typedSignature })).toBe(
      true,
    )
    const serializedTransaction = await account.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: wallet.address,
      value: parseEther('0.01'),
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
    })
    expect(serializedTransaction).toMatch(/^0x02/)
    const eip1559 = serializedTransaction as `0x02${string}`
    expect(await recoverTransactionAddress({ serializedTransaction: eip1559 })).toBe(wallet.address)
  })

  it('exports the 12 words and the key of the same account', async () => {
    const { mnemonic, privateKey } = await exportSecret({
      shares: [wallet.shares.recovery, wallet.shares.auth],
      address: wallet.address,
    })
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(mnemonic).address).toBe(wallet.address)
    expect(privateKeyToAccount(privateKey).address).toBe(wallet.address)
  })

  it('makes a different wallet every time, and shares of two wallets do not combine', async () => {
    const other = await createWallet()
    expect(other.address).not.toBe(wallet.address)
    expect(other.walletId).not.toBe(wallet.walletId)
    const mixed = { shares: [wallet.shares.device, other.shares.auth] as const, address: wallet.address }
    await expect(rebuildAccount(mixed)).rejects.toThrow(TamperedShareError)
  })
})
