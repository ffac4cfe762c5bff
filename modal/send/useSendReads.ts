import { useEffect, useState } from 'react'
import type { Address } from 'viem'
import { type ChainRead, currentRead } from './chainRead.js'
import type { Fee } from './fee.js'
import { type Held, readHeld } from './held.js'
import { type Recipient, readRecipient } from './recipient.js'
import type { SendChain } from './sendChain.js'
import { tokenKey } from './tokens.js'
import type { SendToken } from './transfer.js'

export type HeldRead =
  | { status: 'reading' }
  | { status: 'done'; held: Held }
  | { status: 'failed'; error: unknown }

/** Reads `token` (its decimals and balance) and the native coin's balance, again whenever it or the chain changes. */
export function useHeld(chain: SendChain, token: SendToken, native: SendToken): HeldRead {
  const [read, setRead] = useState<ChainRead<HeldRead>>()
  const key = tokenKey(token)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chain` and `key` name what is read.
  useEffect(() => {
    let live = true
    readHeld(chain, token, native).then(
      (held) => live && setRead({ chain, key, value: { status: 'done', held } }),
      (error: unknown) => live && setRead({ chain, key, value: { status: 'failed', error } }),
    )
    return () => {
      live = false
    }
  }, [chain, key])
  return currentRead(read, chain, key) ?? { status: 'reading' }
}

/** How long typing pauses before a recipient is read (a name lookup is a chain call). */
const recipientPauseMs = 300

export type RecipientRead = { text: string; recipient: Recipient | undefined }

/** The recipient field read (resolved when a name) once typing pauses; undefined while it is being read. */
export function useRecipient(chain: SendChain, text: string): RecipientRead | undefined {
  const [read, setRead] = useState<ChainRead<RecipientRead>>()
  useEffect(() => {
    let live = true
    const timer = setTimeout(
      () => {
        void readRecipient(text, chain.resolveName).then(
          (recipient) => live && setRead({ chain, key: text, value: { text, recipient } }),
        )
      },
      text.trim() === '' ? 0 : recipientPauseMs,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [chain, text])
  return currentRead(read, chain, text)
}

export type FeeRead =
  | { status: 'estimating' }
  | { status: 'done'; fee: Fee }
  | { status: 'failed'; error: unknown }

/**
 * The fee of sending `token` to `to` (the account itself until a recipient is known). The amount does not
 * change the gas of a plain transfer, so it is estimated with none for the native coin and one unit of a
 * token (none when the account holds none, as a transfer of more would revert).
 */
export function useFee(chain: SendChain, token: SendToken, to: Address, held: Held | undefined): FeeRead {
  const [read, setRead] = useState<ChainRead<FeeRead>>()
  const amount = token.contract && held !== undefined && held.balance > 0n ? 1n : 0n
  const key = `${tokenKey(token)}:${to}:${amount}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chain` and `key` name what the estimate reads.
  useEffect(() => {
    let live = true
    chain.estimateFee({ token, to, amount }).then(
      (fee) => live && setRead({ chain, key, value: { status: 'done', fee } }),
      (error: unknown) => live && setRead({ chain, key, value: { status: 'failed', error } }),
    )
    return () => {
      live = false
    }
  }, [chain, key])
  return currentRead(read, chain, key) ?? { status: 'estimating' }
}
