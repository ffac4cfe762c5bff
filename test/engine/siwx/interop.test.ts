import { ParsedMessage } from '@spruceid/siwe-parser'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, siwxChainReference } from '../../../engine/index.js'
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
})
