import { describe, expect, it } from 'vitest'
import { isUserRejection, MAX_ERROR_CAUSES, rpcErrorCode } from '../../../modal/controllers/errors.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { errorMessage } from '../../../modal/ui/components/errorMessage.js'

/** An error as a wallet in the page may throw it: its cause leads back to itself. */
function causeLoop(message: string): Error {
  const outer = new Error(message)
  const inner = new Error('inner', { cause: outer })
  outer.cause = inner
  return outer
}

describe('reading a wallet error (EIP-1193 codes)', () => {
  it('finds the code on the error or down its chain of causes', () => {
    expect(rpcErrorCode({ code: 4001 })).toBe(4001)
    expect(rpcErrorCode(new Error('wrapped', { cause: { code: 4902 } }))).toBe(4902)
    expect(rpcErrorCode(new Error('no code'))).toBeUndefined()
  })

  it('reads an error whose causes loop back to it as having no code, rather than overflowing the stack', () => {
    expect(rpcErrorCode(causeLoop('nope'))).toBeUndefined()
    expect(isUserRejection(causeLoop('nope'))).toBe(false)
  })

  it('finds a refusal wrapped as deep as MAX_ERROR_CAUSES, and gives up on a chain of causes deeper than that', () => {
    const wrapped = (layers: number) => {
      let error: unknown = { code: 4001 }
      for (let i = 0; i < layers; i++) error = { message: `layer ${i}`, cause: error }
      return error
    }
    expect(isUserRejection(wrapped(MAX_ERROR_CAUSES))).toBe(true)
    expect(isUserRejection(wrapped(MAX_ERROR_CAUSES + 1))).toBe(false)
    expect(rpcErrorCode(wrapped(100_000))).toBeUndefined()
  })

  it("shows a wallet error whose causes loop with the wallet's own words", () => {
    expect(errorMessage(causeLoop('The wallet is locked'), createTranslator('en'))).toBe(
      'The wallet is locked',
    )
  })
})
