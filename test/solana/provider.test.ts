import { generateKeyPairSigner, getAddressEncoder } from '@solana/kit'
import { describe, expect, it, vi } from 'vitest'
import type { CaipNetwork } from '../../modal/adapter.js'
import type { ConfirmOptions } from '../../solana/confirm.js'
import { solanaProvider } from '../../solana/provider.js'
import type { SolanaRpc } from '../../solana/rpc.js'
import type { SolanaSigner } from '../../solana/signer.js'

const network = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' } as unknown as CaipNetwork

async function keyOf() {
  const { address } = await generateKeyPairSigner()
  return { address, publicKey: new Uint8Array(getAddressEncoder().encode(address)) }
}

function providerOf(signer: SolanaSigner) {
  return solanaProvider({
    signer,
    network: () => network,
    rpc: () => ({}) as SolanaRpc,
    preflightCommitment: 'confirmed',
    confirm: {} as ConfirmOptions,
    domain: () => 'app.example',
  })
}

function signerOf(key: { address: string; publicKey: Uint8Array }, signIn?: SolanaSigner['signIn']) {
  const signMessage = vi.fn(async () => new Uint8Array(64))
  const signer: SolanaSigner = {
    walletName: 'Test',
    ...key,
    signMessage,
    signTransaction: async (transaction) => transaction,
    ...(signIn ? { signIn } : {}),
  }
  return { signer, signMessage }
}

describe('Solana provider signIn', () => {
  it('takes a wallet’s own sign-in only for the connected account', async () => {
    const connected = await keyOf()
    const other = await keyOf()
    const answer = (key: typeof other) => async () => ({
      ...key,
      signedMessage: new Uint8Array(1),
      signature: new Uint8Array(64),
    })
    await expect(providerOf(signerOf(connected, answer(connected)).signer).signIn()).resolves.toMatchObject({
      address: connected.address,
    })
    await expect(providerOf(signerOf(connected, answer(other)).signer).signIn()).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    })
  })

  it('refuses to sign a sign-in text naming an address other than the connected account', async () => {
    const connected = await keyOf()
    const other = await keyOf()
    const { signer, signMessage } = signerOf(connected)
    await expect(providerOf(signer).signIn({ address: other.address })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    })
    expect(signMessage).not.toHaveBeenCalled()
    await providerOf(signer).signIn({ address: connected.address })
    expect(signMessage).toHaveBeenCalledTimes(1)
  })
})
