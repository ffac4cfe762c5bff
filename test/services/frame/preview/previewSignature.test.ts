import { maxUint256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { previewSignature, signaturePreviewSchema } from '../../../../services/frame/preview/index.js'
import { permitFields } from '../support/permitFields.js'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'

function preview(parameters: Parameters<typeof previewSignature>[0]) {
  const result = previewSignature(parameters)
  expect(signaturePreviewSchema.parse(result)).toEqual(result)
  return result
}

const permitTypes = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
  Permit: permitFields,
}

const permit = (value: bigint) =>
  JSON.stringify({
    types: permitTypes,
    primaryType: 'Permit',
    domain: { name: 'Test USD', version: '1', chainId: 31337, verifyingContract: token },
    message: { owner: account, spender, value: value.toString(), nonce: '0', deadline: '1767225600' },
  })

describe('previewSignature', () => {
  it('personal_sign hex that is UTF-8 text is shown as the text', () => {
    const text = 'Sign in to Pairwise\nNonce: 42 — ünïcödé'
    expect(preview({ method: 'personal_sign', params: [toHex(text), account] })).toEqual({
      kind: 'message',
      encoding: 'utf8',
      text,
    })
  })

  it('personal_sign bytes that are not printable UTF-8 stay hex', () => {
    for (const hex of ['0xc328a0a1', toHex('hidden\u0000nul')]) {
      expect(preview({ method: 'personal_sign', params: [hex, account] })).toEqual({
        kind: 'message',
        encoding: 'hex',
        text: hex,
      })
    }
  })

  it('an EIP-2612 Permit is recognised with spender, value and deadline; max uint256 is unlimited', () => {
    const unlimited = preview({ method: 'eth_signTypedData_v4', params: [account, permit(maxUint256)] })
    expect(unlimited).toMatchObject({
      kind: 'typedData',
      domain: { name: 'Test USD', version: '1', chainId: 31337n, verifyingContract: token },
      primaryType: 'Permit',
      truncated: false,
      permit: {
        owner: account,
        spender,
        value: maxUint256,
        unlimited: true,
        nonce: 0n,
        deadline: 1767225600n,
      },
    })
    expect(unlimited.kind === 'typedData' && unlimited.fields.map((field) => field.path)).toEqual([
      'owner',
      'spender',
      'value',
      'nonce',
      'deadline',
    ])
    const bounded = preview({ method: 'eth_signTypedData_v4', params: [account, permit(1_000_000n)] })
    expect(bounded).toMatchObject({ permit: { value: 1_000_000n, unlimited: false } })
  })

  it('other typed data lists its fields flattened by path, with no permit', () => {
    const mail = {
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallets', type: 'address[]' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: '0x1' },
      message: {
        from: { name: 'Cow', wallets: [account] },
        to: [{ name: 'Bob', wallets: [spender, token] }],
        contents: 'Hello, Bob!',
      },
    }
    const result = preview({ method: 'eth_signTypedData_v4', params: [account, mail] })
    expect(result).toEqual({
      kind: 'typedData',
      domain: { name: 'Ether Mail', chainId: 1n },
      primaryType: 'Mail',
      truncated: false,
      fields: [
        { path: 'from.name', type: 'string', value: 'Cow' },
        { path: 'from.wallets[0]', type: 'address', value: account },
        { path: 'to[0].name', type: 'string', value: 'Bob' },
        { path: 'to[0].wallets[0]', type: 'address', value: spender },
        { path: 'to[0].wallets[1]', type: 'address', value: token },
        { path: 'contents', type: 'string', value: 'Hello, Bob!' },
      ],
    })
  })

  it('a huge typed-data message is cut at 200 fields and marked truncated', () => {
    const big = {
      types: { List: [{ name: 'items', type: 'uint256[]' }] },
      primaryType: 'List',
      domain: {},
      message: { items: Array.from({ length: 500 }, (_, index) => String(index)) },
    }
    const result = preview({ method: 'eth_signTypedData_v4', params: [account, big] })
    expect(result).toMatchObject({ truncated: true })
    expect(result.kind === 'typedData' && result.fields.length).toBe(200)
  })

  it('typed data whose domain the signature would not bind as given is refused: fields left undeclared, unknown or mistyped', () => {
    const mailTypes = { Mail: [{ name: 'contents', type: 'string' }] }
    const request = (domain: object, declared?: object[], primaryType = 'Mail') => ({
      types: { ...(declared ? { EIP712Domain: declared } : {}), ...mailTypes },
      primaryType,
      domain,
      message: { contents: 'hi' },
    })
    const refused = [
      request({ name: 'App', verifyingContract: token }, [{ name: 'name', type: 'string' }]),
      request({ name: 'App' }, [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ]),
      request({ chainId: 1 }, [{ name: 'chainId', type: 'string' }]),
      request({ name: 'App' }, [
        { name: 'name', type: 'string' },
        { name: 'name', type: 'string' },
      ]),
      request({ name: 'App' }, [
        { name: 'name', type: 'string' },
        { name: 'app', type: 'string' },
      ]),
      request({ name: 'App', app: 'Other' }),
      request({ chainId: 1e21 }),
      request({ chainId: -1 }),
      request({ chainId: '1e3' }),
      request({ chainId: `0x1${'0'.repeat(64)}` }),
      request({ verifyingContract: token.toLowerCase().replace('a', 'A') }),
      request({ salt: '0x01' }),
      request({ name: 'App' }, undefined, 'EIP712Domain'),
      request({ name: 'App' }, undefined, 'Letter'),
      '{"types":',
    ]
    for (const typedData of refused)
      expect(
        () => preview({ method: 'eth_signTypedData_v4', params: [account, typedData] }),
        JSON.stringify(typedData),
      ).toThrow()
    const declaredInOwnOrder = request({ chainId: '0x7a69', name: 'App' }, [
      { name: 'chainId', type: 'uint256' },
      { name: 'name', type: 'string' },
    ])
    expect(preview({ method: 'eth_signTypedData_v4', params: [account, declaredInOwnOrder] })).toMatchObject({
      domain: { name: 'App', chainId: 31337n },
    })
  })
})
