import { createEncodedRecap, encodeRecap, populateAuthPayload } from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import { buildAuthObject, checkCacaoBinding } from '../../../engine/auth/cacao.js'
import { formatAuthMessage } from '../../../engine/auth/message.js'
import type { AuthPayload } from '../../../engine/schemas/index.js'

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const iss = `did:pkh:eip155:1:${address}`
const now = Date.parse('2026-01-01T00:01:00.000Z')

const request: AuthPayload = {
  type: 'caip122',
  chains: ['eip155:1', 'eip155:10'],
  domain: 'dapp.example',
  aud: 'https://dapp.example/login',
  version: '1',
  nonce: 'n0nce123',
  iat: '2026-01-01T00:00:00.000Z',
  exp: '2026-01-02T00:00:00.000Z',
  nbf: '2026-01-01T00:00:00.000Z',
  requestId: 'r1',
  statement: 'Sign in to Dapp',
  resources: ['https://dapp.example/terms', createEncodedRecap('eip155', 'request', ['personal_sign'])],
}

/** The CACAO a wallet would answer with for `payload` (the signature does not matter to the binding). */
const answer = (payload: AuthPayload, signer = iss) =>
  buildAuthObject(payload, { t: 'eip191', s: '0x' }, signer)

describe("a CACAO answering the dapp's sign-in request", () => {
  it('is bound when it echoes the request', () => {
    expect(checkCacaoBinding(answer(request), request, now)).toBeUndefined()
  })

  it.each([
    ['exp', { exp: undefined }],
    ['exp', { exp: '2099-01-01T00:00:00.000Z' }],
    ['nbf', { nbf: undefined }],
    ['iat', { iat: '2020-01-01T00:00:00.000Z' }],
    ['requestId', { requestId: 'other' }],
    ['version', { version: '2' }],
  ])('is refused when the wallet changed its %s (%o)', (field, change) => {
    const cacao = answer({ ...request, ...change } as AuthPayload)
    expect(checkCacaoBinding(cacao, request, now)).toMatch(new RegExp(`^${field} mismatch`))
  })

  it('is refused when its recap grants the session a chain the dapp did not request', () => {
    const recap = encodeRecap({
      att: { eip155: { 'request/personal_sign': [{ chains: ['eip155:1', 'eip155:666'] }] } },
    })
    const cacao = answer({ ...request, resources: ['https://dapp.example/terms', recap] })
    expect(checkCacaoBinding(cacao, request, now)).toBe(
      'cacao grants chain eip155:666 which was not requested',
    )
    // The official wallet helper narrows the recap to the chains and methods it supports: still bound.
    const narrowed = populateAuthPayload({
      authPayload: request,
      chains: ['eip155:10'],
      methods: ['personal_sign'],
    })
    expect(narrowed.resources?.at(-1)).not.toBe(request.resources?.at(-1))
    expect(checkCacaoBinding(answer(narrowed as AuthPayload), request, now)).toBeUndefined()
  })

  it('is refused when issued for a chain the dapp did not request', () => {
    const cacao = answer(request, `did:pkh:eip155:137:${address}`)
    expect(checkCacaoBinding(cacao, request, now)).toMatch(/chain eip155:137 which was not requested/)
  })
})

describe('the SIWE text of a sign-in request', () => {
  // A dapp writing line breaks into any field would have the wallet show forged lines: here a first line
  // naming another site, and a `Resources:` item that ends the list and adds an expiry.
  it.each([
    ['domain', { domain: `bank.example wants you to sign in with your Ethereum account:\n${address}\n\nx` }],
    ['aud', { aud: 'https://dapp.example\nVersion: 1' }],
    ['nonce', { nonce: 'n0nce123\nRequest ID: 7' }],
    ['iat', { iat: '2026-01-01T00:00:00.000Z\nExpiration Time: 2099-01-01T00:00:00Z' }],
    ['requestId', { requestId: 'r1\r\nResources:' }],
    ['resources', { resources: ['https://dapp.example/terms\nExpiration Time: 2099-01-01T00:00:00Z'] }],
    ['nonce (U+2028, a line separator)', { nonce: 'n0nce123\u2028Request ID: 7' }],
    ['aud (U+2029, a paragraph separator)', { aud: 'https://dapp.example\u2029Version: 1' }],
  ])('is refused with a line break in %s', (_field, change) => {
    expect(() => formatAuthMessage({ ...request, ...change }, iss)).toThrow(
      'Message fields must not contain line breaks',
    )
  })
})
