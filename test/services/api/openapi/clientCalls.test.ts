import { describe, expect, test } from 'vitest'
import { apiReference } from '../../../../services/api/openapi/apiReference.js'
import { clientCalls, pathMatches } from './clientCalls.js'

const routes = apiReference.flatMap((module) => module.routes)

describe("the clients' calls against the api reference", () => {
  const { calls, unread } = clientCalls()

  test('CALL-01 every api path in the modal and the engine is read as a call', () => {
    expect(unread).toEqual([])
    expect(calls.length).toBeGreaterThanOrEqual(20)
  })

  test('CALL-01 every call of the modal and the engine is a documented route with its method', () => {
    const undocumented = calls.filter(
      (call) => !routes.some((route) => route.method === call.method && pathMatches(call.path, route.path)),
    )
    expect(undocumented).toEqual([])
  })

  test('CALL-01 every route documented as called by the modal or the engine is called by it', () => {
    const uncalled = routes
      .filter((route) => route.calledBy?.some((caller) => caller === 'modal' || caller === 'engine'))
      .filter(
        (route) =>
          !calls.some(
            (call) =>
              route.calledBy?.includes(call.caller) &&
              call.method === route.method &&
              pathMatches(call.path, route.path),
          ),
      )
      .map((route) => `${route.method.toUpperCase()} ${route.path}`)
    expect(uncalled).toEqual([])
  })
})
