import { describe, expect, it } from 'vitest'
import {
  formatSiwxMessage,
  parseSiwxMessage,
  type SIWXMessageData,
  SiwxMessageError,
  siwxChainReference,
  siwxFrameMessageSchema,
  siwxMessageDataSchema,
} from '../../../engine/index.js'

const data: SIWXMessageData = {
  accountAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173/app',
  version: '1',
  nonce: 'AbCdEf0123456789xyzXYZ',
  issuedAt: '2026-01-01T00:00:00.000Z',
}

const refusal = (patch: Partial<SIWXMessageData>): SiwxMessageError => {
  try {
    formatSiwxMessage({ ...data, ...patch })
  } catch (error) {
    if (error instanceof SiwxMessageError) return error
  }
  throw new Error('formatted')
}

describe('SIWX message formats', () => {
  it('ENT-15 the data schema requires accountAddress, chainId, domain, uri, version, nonce; the rest (and the frame serializedMessage) is optional', () => {
    expect(siwxMessageDataSchema.safeParse(data).success).toBe(true)
    for (const key of ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce'] as const) {
      const { [key]: _left, ...rest } = data
      expect(siwxMessageDataSchema.safeParse(rest).success, key).toBe(false)
    }
    const full = {
      ...data,
      statement: 's',
      resources: ['https://a.example'],
      requestId: 'r',
      expirationTime: data.issuedAt,
      notBefore: data.issuedAt,
    }
    expect(siwxMessageDataSchema.safeParse(full).success).toBe(true)
    expect(siwxFrameMessageSchema.safeParse({ ...full, serializedMessage: 'text' }).success).toBe(true)
    expect(siwxFrameMessageSchema.safeParse(data).success).toBe(true)
  })

  it('eip155 is EIP-4361: literal Ethereum, EIP-55 address, decimal Chain ID, three line feeds without a statement', () => {
    expect(formatSiwxMessage(data)).toBe(
      [
        'localhost:5173 wants you to sign in with your Ethereum account:',
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        '',
        '',
        'URI: http://localhost:5173/app',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: AbCdEf0123456789xyzXYZ',
        'Issued At: 2026-01-01T00:00:00.000Z',
      ].join('\n'),
    )
    const full = formatSiwxMessage({
      ...data,
      statement: 'Sign in to Pairwise',
      expirationTime: '2026-01-02T00:00:00Z',
      notBefore: '2026-01-01T00:00:00+01:00',
      requestId: 'req-1',
      resources: ['https://a.example/x', 'ipfs://bafy'],
      // empty optional fields are left out
    })
    expect(full.split('\n').slice(2)).toEqual([
      '',
      'Sign in to Pairwise',
      '',
      'URI: http://localhost:5173/app',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: AbCdEf0123456789xyzXYZ',
      'Issued At: 2026-01-01T00:00:00.000Z',
      'Expiration Time: 2026-01-02T00:00:00Z',
      'Not Before: 2026-01-01T00:00:00+01:00',
      'Request ID: req-1',
      'Resources:',
      '- https://a.example/x',
      '- ipfs://bafy',
    ])
    expect(formatSiwxMessage({ ...data, statement: '', requestId: '', resources: [] })).toBe(
      formatSiwxMessage(data),
    )
  })

  it('refuses data no strict parser would accept, naming the field', () => {
    expect(refusal({ issuedAt: undefined }).field).toBe('issuedAt')
    expect(refusal({ statement: 'a\nURI: https://evil.example' })).toMatchObject({ field: 'statement' })
    expect(refusal({ statement: 'a\rb' }).message).toMatch(/line breaks/)
    expect(refusal({ statement: 'quote "x"' }).field).toBe('statement')
    expect(refusal({ nonce: '1234567' }).field).toBe('nonce')
    expect(refusal({ nonce: 'abcd-efgh' }).field).toBe('nonce')
    expect(refusal({ domain: 'user@example.com' })).toMatchObject({
      field: 'domain',
      message: expect.stringMatching(/userinfo/),
    })
    expect(refusal({ domain: 'https://example.com' }).field).toBe('domain')
    expect(refusal({ issuedAt: '2026-01-01 00:00:00Z' }).field).toBe('issuedAt')
    expect(refusal({ expirationTime: '2026-02-30T00:00:00Z' }).field).toBe('expirationTime')
    expect(refusal({ notBefore: '2026-01-01T24:00:00Z' }).field).toBe('notBefore')
    expect(refusal({ uri: 'not a uri' }).field).toBe('uri')
    expect(refusal({ version: '2' }).field).toBe('version')
    expect(refusal({ requestId: 'a b' }).field).toBe('requestId')
    expect(refusal({ resources: ['https://ok.example', ':bad'] }).field).toBe('resources')
    expect(refusal({ accountAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756cc2' }).field).toBe(
      'accountAddress',
    )
    expect(refusal({ accountAddress: '0x1234' }).field).toBe('accountAddress')
    expect(refusal({ chainId: 'eip155:abc' }).field).toBe('chainId')
    expect(refusal({ chainId: 'cosmos:cosmoshub-4' }).field).toBe('chainId')
  })

  it('siwxChainReference maps CAIP-2 to the Chain ID text of each format', () => {
    expect(siwxChainReference('eip155:1')).toBe('1')
    expect(siwxChainReference('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('mainnet')
    expect(siwxChainReference('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('devnet')
    expect(siwxChainReference('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('testnet')
    expect(siwxChainReference('solana:anythingElse')).toBe('localnet')
    expect(siwxChainReference('bip122:000000000019d6689c085ae165831e93')).toBe(
      'bip122:000000000019d6689c085ae165831e93',
    )
    expect(() => siwxChainReference('bip122:XYZ')).toThrow(SiwxMessageError)
  })

  it('solana is SIWS: optional blank + statement, optional blank + field block, every field optional', () => {
    const solana = {
      ...data,
      accountAddress: 'CSFBtbnbbXQ6pPWj6ZEGXfzh6HrCZFLKmAxGUu9MEhRF',
      chainId: 'solana:localnet',
    }
    expect(formatSiwxMessage({ ...solana, issuedAt: undefined })).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        'CSFBtbnbbXQ6pPWj6ZEGXfzh6HrCZFLKmAxGUu9MEhRF',
        '',
        'URI: http://localhost:5173/app',
        'Version: 1',
        'Chain ID: localnet',
        'Nonce: AbCdEf0123456789xyzXYZ',
      ].join('\n'),
    )
    expect(
      formatSiwxMessage({ ...solana, statement: 'Hi' })
        .split('\n')
        .slice(2, 5),
    ).toEqual(['', 'Hi', ''])
    const header =
      'a.example wants you to sign in with your Solana account:\nCSFBtbnbbXQ6pPWj6ZEGXfzh6HrCZFLKmAxGUu9MEhRF'
    expect(parseSiwxMessage(header, 'solana')).toEqual({
      domain: 'a.example',
      address: solana.accountAddress,
    })
    expect(parseSiwxMessage(`${header}\n\nHello there`, 'solana').statement).toBe('Hello there')
    expect(parseSiwxMessage(`${header}\n\nChain ID: solana:devnet`, 'solana').chainId).toBe('solana:devnet')
    for (const bad of [
      `${header}\n`,
      `${header}\n\nHello\n`,
      `${header}\nHello`,
      `${header}\n\nHello\nURI: https://a.example`,
      `${header}\n\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
      header.replace('CSFB', 'CSF0'),
    ]) {
      expect(() => parseSiwxMessage(bad, 'solana'), bad).toThrow(SiwxMessageError)
    }
  })

  it('bip122 is the EIP-4361 template with "Bitcoin account" and Chain ID bip122:<ref>', () => {
    const message = formatSiwxMessage({
      ...data,
      accountAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      chainId: 'bip122:000000000019d6689c085ae165831e93',
    })
    expect(message.split('\n').slice(0, 7)).toEqual([
      'localhost:5173 wants you to sign in with your Bitcoin account:',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      '',
      '',
      'URI: http://localhost:5173/app',
      'Version: 1',
      'Chain ID: bip122:000000000019d6689c085ae165831e93',
    ])
    expect(() =>
      formatSiwxMessage({
        ...data,
        accountAddress: 'not-an-address',
        chainId: 'bip122:000000000019d6689c085ae165831e93',
      }),
    ).toThrow(SiwxMessageError)
  })

  it('the eip155 parser refuses structural deviations: extra or missing line feeds, trailing spaces, repeats', () => {
    const message = formatSiwxMessage({ ...data, statement: 'Hi', resources: ['https://a.example'] })
    expect(parseSiwxMessage(message, 'eip155').statement).toBe('Hi')
    for (const bad of [
      `${message}\n`,
      `\n${message}`,
      message.replace('\n\nHi', '\nHi'),
      message.replace('Hi\n\n', 'Hi\n\n\n'),
      message.replace('Version: 1', 'Version: 1 '),
      message.replace('Version: 1', 'Version: 1\nVersion: 1'),
      message.replace('Nonce:', 'nonce:'),
      message.replace('- https', '-https'),
      message.replace('\n', '\r\n'),
      message.replace('Ethereum', 'Bitcoin'),
      message.replace(
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      ),
    ]) {
      expect(() => parseSiwxMessage(bad, 'eip155'), bad).toThrow(SiwxMessageError)
    }
    const ipv6 = parseSiwxMessage(
      message.replace('localhost:5173 wants', 'https://[::1]:8080 wants'),
      'eip155',
    )
    expect(ipv6).toMatchObject({ scheme: 'https', domain: '[::1]:8080' })
  })
})
