import { describe, expect, it } from 'vitest'
import {
  formatSiwxMessage,
  matchSiwxMessage,
  type SIWXMessageData,
  SiwxMessageError,
} from '../../../engine/index.js'
import { createGenerator } from './generator.js'

const mismatchField = (message: string, data: SIWXMessageData): string | undefined => {
  try {
    matchSiwxMessage(message, data)
  } catch (error) {
    if (error instanceof SiwxMessageError) return error.field
    throw error
  }
  return 'matched'
}

const full = (data: SIWXMessageData): SIWXMessageData => ({
  ...data,
  statement: 'Sign in to Pairwise',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime: '2026-01-02T00:00:00.000Z',
  notBefore: '2026-01-01T00:00:00.000Z',
  requestId: 'request1',
  resources: ['https://a.example/1'],
})

const CHANGES: [keyof SIWXMessageData, (data: SIWXMessageData) => Partial<SIWXMessageData>][] = [
  ['domain', () => ({ domain: 'other.example' })],
  ['statement', () => ({ statement: 'Something else' })],
  ['uri', () => ({ uri: 'https://other.example/' })],
  ['nonce', () => ({ nonce: 'ZZZZZZZZZZZZ' })],
  ['issuedAt', () => ({ issuedAt: '2026-01-01T00:00:01.000Z' })],
  ['expirationTime', () => ({ expirationTime: undefined })],
  ['notBefore', () => ({ notBefore: '2025-12-31T00:00:00.000Z' })],
  ['requestId', () => ({ requestId: 'request2' })],
  ['resources', () => ({ resources: ['https://a.example/1', 'https://a.example/2'] })],
]

describe('matchSiwxMessage', () => {
  it('returns the parsed fields when the message says exactly what the data says, in each format', () => {
    const generate = createGenerator(7)
    for (const namespace of ['eip155', 'solana', 'bip122'] as const) {
      const data = generate[namespace]()
      expect(matchSiwxMessage(formatSiwxMessage(data), data).domain).toBe(data.domain)
    }
  })

  it('names each field that differs between the message and the data, in every format', () => {
    const generate = createGenerator(11)
    for (const namespace of ['eip155', 'solana', 'bip122'] as const) {
      const data = full(generate[namespace]())
      const message = formatSiwxMessage(data)
      for (const [field, change] of CHANGES) {
        expect(mismatchField(message, { ...data, ...change(data) }), `${namespace} ${field}`).toBe(field)
      }
      const other = generate[namespace]()
      expect(mismatchField(message, { ...data, accountAddress: other.accountAddress }), namespace).toBe(
        other.accountAddress === data.accountAddress ? 'matched' : 'accountAddress',
      )
    }
  })

  it('names chainId for a message for another chain, and accepts the address in any case for eip155', () => {
    const data = full(createGenerator(3).eip155())
    const message = formatSiwxMessage(data)
    expect(mismatchField(message, { ...data, chainId: 'eip155:999' })).toBe('chainId')
    expect(mismatchField(message.replace(/Chain ID: \d+/, 'Chain ID: 999'), data)).toBe('chainId')
    expect(mismatchField(message, { ...data, accountAddress: data.accountAddress.toLowerCase() })).toBe(
      'matched',
    )
    expect(mismatchField(message, { ...data, chainId: 'solana:localnet' })).toBe('domain')
    const solana = full({
      ...createGenerator(5).solana(),
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    const siws = formatSiwxMessage(solana)
    expect(mismatchField(siws.replace('Chain ID: mainnet', 'Chain ID: solana:mainnet'), solana)).toBe(
      'matched',
    )
    expect(mismatchField(siws.replace('Chain ID: mainnet', 'Chain ID: devnet'), solana)).toBe('chainId')
    expect(mismatchField(siws, { ...solana, chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })).toBe(
      'chainId',
    )
    expect(mismatchField(siws.replace('sign in with your', 'sign in with the'), solana)).toBe('domain')
  })
})
