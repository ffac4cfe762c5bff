import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type ApiClient, createApiClient } from '../../../modal/api/client.js'
import { fetchSuggestions, lookupName, postName, reverseLookup } from '../../../modal/names/namesApi.js'
import { type NamesAnswer, type NamesRequest, nameRecord, namesServer, refusal } from './support.js'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let answer: (request: NamesRequest) => NamesAnswer
let server: Awaited<ReturnType<typeof namesServer>>
let api: ApiClient

beforeEach(async () => {
  answer = () => ({ status: 500, body: {} })
  server = await namesServer((request) => answer(request))
  api = createApiClient({ apiUrl: server.url, projectId: 'p1', fetch: (i, o) => fetch(i, o) })
})
afterEach(() => server.close())

describe('the names api client', () => {
  it('reads the four calls at our paths, for the project: lookup, suggestions, reverse and register', async () => {
    const record = nameRecord('alice.pairwise.eth', address)
    answer = ({ path }) => {
      if (path === '/v1/names/suggestions/alice')
        return { status: 200, body: { suggestions: [{ name: 'alice.pairwise.eth', registered: false }] } }
      if (path === `/v1/names/reverse/${address}`) return { status: 200, body: [record] }
      return { status: 200, body: record }
    }
    expect(await lookupName(api, 'alice.pairwise.eth')).toEqual(record)
    expect(await fetchSuggestions(api, 'alice')).toEqual([{ name: 'alice.pairwise.eth', registered: false }])
    expect(await reverseLookup(api, address)).toEqual([record])
    const body = { coin_type: 2147514985, address, message: '{}', signature: '0x01' }
    expect(await postName(api, body, 'alice.pairwise.eth')).toEqual(record)
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/names/alice.pairwise.eth',
      'GET /v1/names/suggestions/alice',
      `GET /v1/names/reverse/${address}`,
      'POST /v1/names',
    ])
    expect(server.requests.every((r) => r.query.get('projectId') === 'p1')).toBe(true)
    expect(server.requests[3]?.body).toEqual(body)
  })

  it('ERR-03 a failed name lookup shows the description of the first reason the service gives', async () => {
    answer = () => ({
      status: 404,
      body: {
        status: 404,
        reasons: [
          { name: 'NOT_FOUND', description: 'Name not found' },
          { name: 'X', description: 'second' },
        ],
      },
    })
    await expect(lookupName(api, 'nobody.pairwise.eth')).rejects.toThrow('Name not found')
    answer = () => refusal(400, 'Name must end with .pairwise.eth')
    await expect(lookupName(api, 'alice.eth')).rejects.toMatchObject({
      code: 'RESOLVE_FAILED',
      message: 'Name must end with .pairwise.eth',
    })
  })

  it("ERR-04 a failed name lookup with no reason shows 'Error resolving name'", async () => {
    for (const failing of [
      refusal(404),
      { status: 500, body: { message: 'boom' } },
      { status: 200, body: { name: 1 } },
    ]) {
      answer = () => failing
      await expect(lookupName(api, 'alice.pairwise.eth')).rejects.toThrow(/^Error resolving name$/)
    }
    await server.close()
    await expect(lookupName(api, 'alice.pairwise.eth')).rejects.toThrow(/^Error resolving name$/)
  })

  it("ERR-05 a failed suggestions fetch shows 'Error fetching name suggestions'", async () => {
    for (const failing of [
      { status: 500, body: {} },
      { status: 200, body: { suggestions: 'x' } },
    ]) {
      answer = () => failing
      await expect(fetchSuggestions(api, 'alice')).rejects.toThrow(/^Error fetching name suggestions$/)
    }
  })

  it("ERR-06 a failed reverse lookup shows 'Error fetching names for address'", async () => {
    for (const failing of [
      { status: 502, body: {} },
      { status: 200, body: { names: [] } },
    ]) {
      answer = () => failing
      await expect(reverseLookup(api, address)).rejects.toThrow(/^Error fetching names for address$/)
    }
  })
})
