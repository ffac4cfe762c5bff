import { describe, expect, it } from 'vitest'
import { deferred } from '../../engine/deferred.js'
import { SignClientError } from '../../engine/errors.js'
import type { JsonRpcResponse } from '../../engine/jsonrpc/index.js'
import { PendingCalls } from '../../engine/pendingCalls.js'
import type { Session } from '../../engine/schemas/index.js'

const session = { topic: 'a'.repeat(64) } as Session

describe('PendingCalls', () => {
  it('hands an answer to its waiter once it is registered, and to nobody after it stops waiting', () => {
    const calls = new PendingCalls()
    const seen: JsonRpcResponse[] = []
    expect(calls.answer({ id: 1, jsonrpc: '2.0', result: true })).toBe(false)
    calls.awaitAnswer(1, (response) => seen.push(response))
    expect(calls.answer({ id: 1, jsonrpc: '2.0', result: 'yes' })).toBe(true)
    calls.stopAwaiting(1)
    expect(calls.answer({ id: 1, jsonrpc: '2.0', result: 'late' })).toBe(false)
    expect(seen).toEqual([{ id: 1, jsonrpc: '2.0', result: 'yes' }])
  })

  it('settles an approval with a session or an error, or forgets it, and lists the open ones', async () => {
    const calls = new PendingCalls()
    const [first, second, third] = [deferred<Session>(), deferred<Session>(), deferred<Session>()]
    calls.openApproval(1, first)
    calls.openApproval(2, second)
    calls.openApproval(3, third)
    expect(calls.approvalIds()).toEqual([1, 2, 3])
    calls.settleApproval(1, { session })
    calls.settleApproval(2, { error: new Error('refused') })
    calls.settleApproval(3)
    await expect(first.promise).resolves.toBe(session)
    await expect(second.promise).rejects.toThrow('refused')
    expect(calls.approvalIds()).toEqual([])
    expect(calls.approval(3)).toBeUndefined()
  })

  it('cancels every open call with the reason when the client closes', async () => {
    const calls = new PendingCalls()
    const answers: JsonRpcResponse[] = []
    calls.awaitAnswer(7, (response) => answers.push(response))
    const approval = deferred<Session>()
    calls.openApproval(8, approval)
    const result = deferred<unknown>()
    calls.openAuthentication(9, { result })
    const reason = { code: 0, message: 'The client was closed.' }
    calls.cancelAll(reason)
    expect(answers).toEqual([{ id: 7, jsonrpc: '2.0', error: reason }])
    await expect(approval.promise).rejects.toEqual(new SignClientError(reason))
    await expect(result.promise).rejects.toBeInstanceOf(SignClientError)
    expect([calls.approvalIds(), calls.authentication(9)]).toEqual([[], undefined])
  })
})
