import { wordlist } from '@scure/bip39/wordlists/english'
import { InvalidRecoveryKitError } from './errors.js'
import { ENTROPY_BYTES } from './walletSecret.js'

const SHARE_BYTES = ENTROPY_BYTES + 1
const BITS_PER_WORD = 11
/** 136 share bits + 7 checksum bits = 143 = 13 words exactly; 7 bits catch 127 of 128 typos. */
const CHECKSUM_BITS = 7
export const RECOVERY_KIT_WORDS = (SHARE_BYTES * 8 + CHECKSUM_BITS) / BITS_PER_WORD

async function checksum(share: Uint8Array): Promise<number> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(share)))
  return digest[0]! >>> (8 - CHECKSUM_BITS)
}

/**
 * The recovery share as 13 words of the BIP-39 English list, to write down once at wallet creation.
 * Thirteen is no valid BIP-39 length, so no wallet app takes the kit for a seed phrase; alone it opens
 * nothing, with the auth share (after an email login) it rebuilds the wallet.
 */
export async function recoveryKit(share: Uint8Array): Promise<string> {
  if (share.length !== SHARE_BYTES)
    throw new RangeError(`A share is ${SHARE_BYTES} bytes, got ${share.length}`)
  let bits = 0n
  for (const byte of share) bits = (bits << 8n) | BigInt(byte)
  bits = (bits << BigInt(CHECKSUM_BITS)) | BigInt(await checksum(share))
  const words: string[] = []
  for (let i = 0; i < RECOVERY_KIT_WORDS; i++) {
    words.unshift(wordlist[Number(bits & 0x7ffn)]!)
    bits >>= BigInt(BITS_PER_WORD)
  }
  return words.join(' ')
}

/** The share back from a kit as the user typed it (any case and spacing); InvalidRecoveryKitError otherwise. */
export async function parseRecoveryKit(text: string): Promise<Uint8Array> {
  const words = text.trim().toLowerCase().split(/\s+/)
  if (words.length !== RECOVERY_KIT_WORDS) {
    throw new InvalidRecoveryKitError(
      `A recovery kit has ${RECOVERY_KIT_WORDS} words, this has ${words.length}`,
    )
  }
  let bits = 0n
  for (const word of words) {
    const index = wordlist.indexOf(word)
    if (index < 0) throw new InvalidRecoveryKitError(`"${word}" is not a recovery kit word`)
    bits = (bits << BigInt(BITS_PER_WORD)) | BigInt(index)
  }
  const expected = Number(bits & BigInt((1 << CHECKSUM_BITS) - 1))
  bits >>= BigInt(CHECKSUM_BITS)
  const share = new Uint8Array(SHARE_BYTES)
  for (let i = SHARE_BYTES - 1; i >= 0; i--) {
    share[i] = Number(bits & 0xffn)
    bits >>= 8n
  }
  if ((await checksum(share)) !== expected) {
    share.fill(0)
    throw new InvalidRecoveryKitError('These words do not check out; look for a typo')
  }
  return share
}
