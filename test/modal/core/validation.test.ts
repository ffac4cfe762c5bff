import { describe, expect, it } from 'vitest'
import {
  isEvmAddress,
  isSignedMessage,
  isSolanaAddress,
  isTransactionHash,
} from '../../../modal/core/validation.js'

const hex = (n: number) => 'a1B2c3D4e5F6'.repeat(Math.ceil(n / 12)).slice(0, n)

describe('validation rules (§5)', () => {
  it('VAL-01 an EVM address is 0x and 40 hex characters in any case; 39, 41 or a non-hex character are rejected', () => {
    expect(isEvmAddress(`0x${hex(40)}`)).toBe(true)
    expect(isEvmAddress(`0x${hex(40).toLowerCase()}`)).toBe(true)
    expect(isEvmAddress(`0x${hex(40).toUpperCase()}`)).toBe(true)
    expect(isEvmAddress(`0x${hex(39)}`)).toBe(false)
    expect(isEvmAddress(`0x${hex(41)}`)).toBe(false)
    expect(isEvmAddress(`0x${hex(39)}g`)).toBe(false)
    expect(isEvmAddress(hex(40))).toBe(false)
  })

  it('VAL-02 a Solana address is 32 to 44 base58 characters; 31, 45, or any of 0, O, I and l are rejected', () => {
    const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
    expect(isSolanaAddress(base58.slice(0, 32))).toBe(true)
    expect(isSolanaAddress(base58.slice(0, 44))).toBe(true)
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress(base58.slice(0, 31))).toBe(false)
    expect(isSolanaAddress(base58.slice(0, 45))).toBe(false)
    for (const bad of ['0', 'O', 'I', 'l'])
      expect(isSolanaAddress(`${base58.slice(0, 35)}${bad}`)).toBe(false)
  })

  it('VAL-03 a transaction hash is 0x and exactly 64 hex characters; 63 or 65 are rejected', () => {
    expect(isTransactionHash(`0x${hex(64)}`)).toBe(true)
    expect(isTransactionHash(`0x${hex(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${hex(65)}`)).toBe(false)
    expect(isTransactionHash(`0x${hex(63)}z`)).toBe(false)
  })

  it('VAL-04 a signed message is 0x and at least 62 hex characters; 61 are rejected', () => {
    expect(isSignedMessage(`0x${hex(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${hex(130)}`)).toBe(true)
    expect(isSignedMessage(`0x${hex(61)}`)).toBe(false)
    expect(isSignedMessage(`0x${hex(61)}z`)).toBe(false)
  })
})
