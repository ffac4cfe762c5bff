import { address, generateKeyPairSigner, getTransactionDecoder, type Signature } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it, vi } from 'vitest'
import type { SolanaRpc } from '../../solana/rpc.js'
import { type TransferRequest, transfer } from '../../solana/transfer.js'

const mint = address('EPjFWdd5AufqSSqeM2qN1xTs8tLsX2xt7rG6q5zs3aZg')

/** An RPC answering each method with what a funded sender on a live cluster would see. */
function rpcOf(recipientAccount: unknown = null): SolanaRpc {
  const answer = (value: unknown) => ({ send: async () => value })
  return {
    getAccountInfo: (account: string, config: { encoding: string }) =>
      answer({
        value:
          account === mint && config.encoding === 'jsonParsed'
            ? { owner: TOKEN_PROGRAM_ADDRESS, data: { parsed: { info: { decimals: 6 } } } }
            : account === mint
              ? null
              : recipientAccount,
      }),
    getTokenAccountBalance: () => answer({ value: { amount: '1000000000' } }),
    getMinimumBalanceForRentExemption: () => answer(2_039_280n),
    getLatestBlockhash: () =>
      answer({
        value: { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N', lastValidBlockHeight: 10n },
      }),
    getFeeForMessage: () => answer({ value: 5000n }),
    getBalance: () => answer({ value: 10_000_000_000n }),
  } as unknown as SolanaRpc
}

async function sending(request: TransferRequest, rpc = rpcOf()) {
  const from = (await generateKeyPairSigner()).address
  const send = vi.fn(async (_wire: Uint8Array) => '1'.repeat(64) as Signature)
  const result = transfer({ rpc, from, send, confirm: async () => undefined }, request)
  return { result, send }
}

describe('Solana transfer', () => {
  it('sends a token to a wallet address, creating its associated account', async () => {
    const to = (await generateKeyPairSigner()).address
    const { result, send } = await sending({ to, amount: '1.5', mint })
    await result
    expect(send).toHaveBeenCalledTimes(1)
    expect(getTransactionDecoder().decode(send.mock.calls[0]![0]).messageBytes.length).toBeGreaterThan(0)
  })

  it('refuses a token recipient that is off the ed25519 curve (a program-derived address, a token account) before the wallet is asked', async () => {
    const owner = (await generateKeyPairSigner()).address
    // The owner's own token account pasted as the recipient: tokens sent to its associated account are
    // held by an address no key signs for.
    const [tokenAccount] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const { result, send } = await sending({ to: tokenAccount, amount: '1', mint })
    await expect(result).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    expect(send).not.toHaveBeenCalled()
    // A program's vault is paid when the host says so, as spl-token's allowOwnerOffCurve does.
    const vault = await sending({ to: tokenAccount, amount: '1', mint, allowOwnerOffCurve: true })
    await vault.result
    expect(vault.send).toHaveBeenCalledTimes(1)
  })

  it('refuses a token recipient that is itself a token account, on the curve or not', async () => {
    const to = (await generateKeyPairSigner()).address
    const tokenAccount = { owner: TOKEN_PROGRAM_ADDRESS, lamports: 2_039_280n, data: ['', 'base64'] }
    const { result, send } = await sending({ to, amount: '1', mint }, rpcOf(tokenAccount))
    await expect(result).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    expect(send).not.toHaveBeenCalled()
  })

  it('refuses, as INVALID_ADDRESS, a recipient or mint that is not 32 bytes of base58, an empty mint included', async () => {
    const to = (await generateKeyPairSigner()).address
    for (const request of [
      { to: 'z'.repeat(44), amount: '1' },
      { to, amount: '1', mint: 'z'.repeat(44) },
      // An empty mint is no mint, not SOL: 5 of a token must not become 5 SOL.
      { to, amount: '5', mint: '' },
    ]) {
      const { result, send } = await sending(request)
      await expect(result).rejects.toMatchObject({ name: 'SolanaError', code: 'INVALID_ADDRESS' })
      expect(send).not.toHaveBeenCalled()
    }
  })

  it('refuses an amount with more decimals than the token or SOL has, instead of rounding what is sent', async () => {
    const to = (await generateKeyPairSigner()).address
    for (const request of [
      { to, amount: '1.0000005', mint },
      { to, amount: '0.0000000015' },
    ]) {
      const { result, send } = await sending(request)
      await expect(result).rejects.toMatchObject({ code: 'INVALID_DECIMAL_NUMBER' })
      expect(send).not.toHaveBeenCalled()
    }
  })
})
