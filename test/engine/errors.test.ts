import { getInternalError as officialInternal, getSdkError as officialSdk } from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import {
  getInternalError,
  getSdkError,
  InternalErrors,
  internalError,
  SdkErrors,
  SignClientError,
  sdkError,
  toErrorResponse,
} from '../../engine/errors.js'

describe('error catalogue', () => {
  it('uses the official codes and texts for every error the official client knows', () => {
    for (const key of Object.keys(InternalErrors) as (keyof typeof InternalErrors)[]) {
      expect(getInternalError(key, 'ctx')).toEqual(officialInternal(key, 'ctx'))
    }
    const officialSdkKeys = [
      'INVALID_METHOD',
      'INVALID_EVENT',
      'INVALID_UPDATE_REQUEST',
      'INVALID_EXTEND_REQUEST',
      'INVALID_SESSION_SETTLE_REQUEST',
      'UNAUTHORIZED_METHOD',
      'UNAUTHORIZED_EVENT',
      'UNAUTHORIZED_UPDATE_REQUEST',
      'UNAUTHORIZED_EXTEND_REQUEST',
      'USER_REJECTED',
      'USER_REJECTED_CHAINS',
      'USER_REJECTED_METHODS',
      'USER_REJECTED_EVENTS',
      'UNSUPPORTED_CHAINS',
      'UNSUPPORTED_METHODS',
      'UNSUPPORTED_EVENTS',
      'UNSUPPORTED_ACCOUNTS',
      'UNSUPPORTED_NAMESPACE_KEY',
      'USER_DISCONNECTED',
      'SESSION_SETTLEMENT_FAILED',
      'WC_METHOD_UNSUPPORTED',
    ] as const
    for (const key of officialSdkKeys) expect(getSdkError(key)).toEqual(officialSdk(key))
  })

  it('has the codes the spec names for the protocol errors', () => {
    expect(InternalErrors.MISSING_OR_INVALID.code).toBe(5)
    expect(InternalErrors.NO_MATCHING_KEY.code).toBe(2)
    expect(InternalErrors.EXPIRED.code).toBe(6)
    expect(InternalErrors.NOT_INITIALIZED.code).toBe(1)
    expect(SdkErrors.USER_DISCONNECTED.code).toBe(6000)
    expect(SdkErrors.INVALID_UPDATE_REQUEST.code).toBe(1003)
    expect(SdkErrors.SESSION_REQUEST_EXPIRED.code).toBe(8000)
    expect(SdkErrors.NO_SESSION_FOR_TOPIC.code).toBe(7001)
  })

  it("gives the spec's errors the official client lacks their codes and texts in the official style", () => {
    const beyondOfficial = {
      UNAUTHORIZED_CHAIN: [3005, 'Unauthorized chain.'],
      USER_REJECTED_REQUEST: [4001, 'User rejected request.'],
      NO_SESSION_FOR_TOPIC: [7001, 'No session for topic.'],
      SESSION_REQUEST_EXPIRED: [8000, 'Session request expired.'],
      MALFORMED_RESPONSE_PARAMS: [11001, 'Malformed response params.'],
      MALFORMED_REQUEST_PARAMS: [11002, 'Malformed request params.'],
      MESSAGE_COMPROMISED: [11003, 'Message compromised.'],
      SIGNATURE_VERIFICATION_FAILED: [11004, 'Signature verification failed.'],
      REQUEST_EXPIRED: [11005, 'Request expired.'],
      MISSING_ISSUER: [11006, 'Missing issuer.'],
      AUTH_USER_REJECTED_REQUEST: [12001, 'User rejected request.'],
      AUTH_USER_DISCONNECTED: [12002, 'User disconnected.'],
    } as const
    for (const [key, [code, message]] of Object.entries(beyondOfficial))
      expect(SdkErrors[key as keyof typeof beyondOfficial]).toEqual({ code, message })
    expect(Object.keys(SdkErrors)).toHaveLength(33)
  })

  it('makes typed errors that carry code, key and the context in the message', () => {
    const error = internalError('NO_MATCHING_KEY', "session topic doesn't exist: abc")
    expect(error).toBeInstanceOf(SignClientError)
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe(2)
    expect(error.key).toBe('NO_MATCHING_KEY')
    expect(error.message).toBe("No matching key. session topic doesn't exist: abc")
    expect(sdkError('USER_REJECTED').toErrorResponse()).toEqual({ code: 5000, message: 'User rejected.' })
  })

  it('looks up the key of a peer error by its code', () => {
    expect(new SignClientError({ code: 6000, message: 'bye' }).key).toBe('USER_DISCONNECTED')
    expect(new SignClientError({ code: 424242, message: 'custom' }).key).toBeUndefined()
  })

  it('answers peers with a catalogue error even for unexpected throwables', () => {
    expect(toErrorResponse(sdkError('INVALID_EVENT'))).toEqual({ code: 1002, message: 'Invalid event.' })
    expect(toErrorResponse(new TypeError('boom'))).toEqual({ code: 5, message: 'Missing or invalid. boom' })
    expect(toErrorResponse('nope')).toEqual({ code: 5, message: 'Missing or invalid.' })
  })
})
