import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, type SIWXMessageData } from '../../../engine/index.js'

// The official EIP-4361 vectors (spruceid/siwe test/*.json) are data outside the repo, never copied in.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const vectorsDir = process.env.PAIRWISE_SIWE_VECTORS ?? path.resolve(repoRoot, '../shared/vectors/siwe')
const haveVectors = existsSync(path.join(vectorsDir, 'parsing_positive.json'))

type VectorFields = Record<string, unknown>
const load = <T>(name: string): Record<string, T> =>
  JSON.parse(readFileSync(path.join(vectorsDir, `${name}.json`), 'utf8')) as Record<string, T>

/** The vectors' field names mapped onto SIWXMessageData (chainId becomes CAIP-2). */
function toData(fields: VectorFields): SIWXMessageData {
  const { address, chainId, signature: _signature, time: _time, ...rest } = fields
  return {
    ...rest,
    accountAddress: address,
    chainId: chainId === undefined ? undefined : `eip155:${chainId}`,
  } as unknown as SIWXMessageData
}

describe.skipIf(!haveVectors)(`EIP-4361 official vectors from ${vectorsDir}`, () => {
  it('parsing_positive: each message parses to exactly its fields', () => {
    const cases = Object.entries(load<{ message: string; fields: VectorFields }>('parsing_positive'))
    expect(cases).toHaveLength(19)
    for (const [name, { message, fields }] of cases) {
      const { chainId, scheme, ...rest } = fields
      expect(parseSiwxMessage(message, 'eip155'), name).toEqual({
        ...rest,
        ...(scheme ? { scheme } : {}),
        chainId: String(chainId),
      })
    }
  })

  it('parsing_negative: every message is refused', () => {
    const cases = Object.entries(load<string>('parsing_negative'))
    expect(cases).toHaveLength(29)
    for (const [name, message] of cases) expect(() => parseSiwxMessage(message, 'eip155'), name).toThrow()
  })

  it('parsing_negative_objects: no message is built from any field set', () => {
    const cases = Object.entries(load<VectorFields>('parsing_negative_objects'))
    expect(cases).toHaveLength(18)
    for (const [name, fields] of cases) expect(() => formatSiwxMessage(toData(fields)), name).toThrow()
  })

  it('verification_positive: our text of the fields is the signed text and recovers the address', async () => {
    const cases = Object.entries(load<VectorFields>('verification_positive'))
    expect(cases).toHaveLength(4)
    for (const [name, fields] of cases) {
      const message = formatSiwxMessage(toData(fields))
      const ok = await verifyMessage({
        address: fields.address as `0x${string}`,
        message,
        signature: fields.signature as `0x${string}`,
      })
      expect(ok, name).toBe(true)
      expect(parseSiwxMessage(message, 'eip155').address, name).toBe(fields.address)
    }
  })
})
