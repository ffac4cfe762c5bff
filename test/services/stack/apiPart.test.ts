import { describe, expect, it } from 'vitest'
import { apiDetail } from '../../../services/stack/parts/apiPart.js'

const api = { url: 'http://127.0.0.1:8788', adminToken: 'the-operators-own-admin-token' }

describe("the api's line of `pairwise start`", () => {
  it('names PAIRWISE_API_ADMIN_TOKEN instead of printing the token the operator gave there', () => {
    const line = apiDetail(api, 'api.sqlite', { PAIRWISE_API_ADMIN_TOKEN: api.adminToken })
    expect(line).toContain('token from PAIRWISE_API_ADMIN_TOKEN')
    expect(line).not.toContain(api.adminToken)
  })

  it('prints a token the api made, which nobody knows otherwise', () => {
    expect(apiDetail(api, 'api.sqlite', {})).toContain(`token ${api.adminToken};`)
  })
})
