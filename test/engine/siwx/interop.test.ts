import { ParsedMessage } from '@spruceid/siwe-parser'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import {
  createRecap,
  encodeRecap,
  formatAuthMessage,
  formatSiwxMessage,
  parseSiwxMessage,
  siwxChainReference,
} from '../../../engine/index.js'
import { toChecksumAddress } from '../../../engine/siwx/eip55.js'
import { createGenerator } from './generator.js'

const COUNT = 300

describe('SIWX messages the product writes parse the same in every parser', () => {
  it('eip155: ours, @spruceid/siwe-parser and viem parseSiweMessage read the same fields from 300 varied messages', () => {
    const generate = createGenerator(4361)
    for (let i = 0; i < COUNT; i++) {
      const data = generate.eip155()
      const message = formatSiwxMessage(data)
      const expected = {
        domain: data.domain,
        address: toChecksumAddress(data.accountAddress),
        statement: data.statement,
        uri: data.uri,
        version: '1',
        chainId: Number(siwxChainReference(data.chainId)),
        nonce: data.nonce,
        issuedAt: data.issuedAt,
        expirationTime: data.expirationTime,
        notBefore: data.notBefore,
        requestId: data.requestId,
        resources: data.resources,
      }
      const ours = parseSiwxMessage(message, 'eip155')
      expect({ ...ours, chainId: Number(ours.chainId) }, message).toEqual(
        Object.fromEntries(Object.entries(expected).filter(([, value]) => value !== undefined)),
      )
      const spruce = new ParsedMessage(message)
      expect(
        {
          domain: spruce.domain,
          address: spruce.address,
          statement: spruce.statement ?? undefined,
          uri: spruce.uri,
          version: spruce.version,
          chainId: spruce.chainId,
          nonce: spruce.nonce,
          issuedAt: spruce.issuedAt,
          expirationTime: spruce.expirationTime ?? undefined,
          notBefore: spruce.notBefore ?? undefined,
          requestId: spruce.requestId ?? undefined,
          resources: spruce.resources ?? undefined,
        },
        message,
      ).toEqual(expected)
      const viem = parseSiweMessage(message)
      const asDate = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
      expect(viem, message).toEqual(
        Object.fromEntries(
          Object.entries({
            ...expected,
            issuedAt: asDate(expected.issuedAt),
            expirationTime: asDate(expected.expirationTime),
            notBefore: asDate(expected.notBefore),
          }).filter(([, value]) => value !== undefined),
        ),
      )
    }
  })

  it('solana (SIWS) and bip122: 300 varied messages each read back exactly through our parsers', () => {
    const generate = createGenerator(122)
    for (const namespace of ['solana', 'bip122'] as const) {
      for (let i = 0; i < COUNT; i++) {
        const data = generate[namespace]()
        const message = formatSiwxMessage(data)
        const fields = Object.fromEntries(
          Object.entries({
            domain: data.domain,
            address: data.accountAddress,
            statement: data.statement,
            uri: data.uri,
            version: data.version,
            chainId: siwxChainReference(data.chainId),
            nonce: data.nonce,
            issuedAt: data.issuedAt,
            expirationTime: data.expirationTime,
            notBefore: data.notBefore,
            requestId: data.requestId,
            resources: data.resources,
          }).filter(([, value]) => value !== undefined),
        )
        expect(parseSiwxMessage(message, namespace), message).toEqual(fields)
      }
    }
  })

  it('eip155: the one-click (WalletConnect authenticate) message, recap statement and resource included, reads the same in all three', () => {
    const recap = encodeRecap(createRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction']))
    const message = formatAuthMessage(
      {
        domain: '127.0.0.1:5173',
        aud: 'http://127.0.0.1:5173/siwx/',
        version: '1',
        nonce: 'Kd8wQ2c9ZtPq4RmX7sLb0a',
        iat: '2026-11-24T21:00:00.000Z',
        statement: 'Sign in to the Pairwise sign-in example.',
        resources: ['https://example.com/terms', recap],
      },
      'did:pkh:eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
    const ours = parseSiwxMessage(message, 'eip155')
    expect(ours).toMatchObject({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: '31337',
      resources: ['https://example.com/terms', recap],
    })
    expect(ours.statement).toMatch(/^Sign in to the Pairwise sign-in example\. I further authorize/)
    const spruce = new ParsedMessage(message)
    expect([spruce.address, spruce.statement, spruce.resources]).toEqual([
      ours.address,
      ours.statement,
      ours.resources,
    ])
    const viem = parseSiweMessage(message)
    expect([viem.address, viem.statement, viem.resources]).toEqual([
      ours.address,
      ours.statement,
      ours.resources,
    ])
  })
})
