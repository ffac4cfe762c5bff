import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { apiReference } from '../../../../services/api/openapi/apiReference.js'
import { routeTable } from '../../../../services/api/openapi/routeTable.js'
import { repoRoot } from './clientCalls.js'

const readme = join(repoRoot, 'services/README.md')
const start = '<!-- api-reference:start -->\n'
const end = '\n<!-- api-reference:end -->'

describe("the README's api table", () => {
  test('CALL-01 the README lists every api route as the reference renders it', () => {
    const text = readFileSync(readme, 'utf8')
    const from = text.indexOf(start)
    const to = text.indexOf(end)
    expect(from, 'the README has no api-reference markers').toBeGreaterThan(-1)
    const table = routeTable(apiReference)
    // After changing a route: PAIRWISE_UPDATE_README=1 npx vitest run test/services/api/openapi/routeTable.test.ts
    if (process.env.PAIRWISE_UPDATE_README === '1')
      writeFileSync(readme, `${text.slice(0, from + start.length)}${table}${text.slice(to)}`)
    else expect(text.slice(from + start.length, to)).toBe(table)
    const rows = table.split('\n').length - 2
    expect(rows).toBe(apiReference.reduce((count, module) => count + module.routes.length, 0))
  })
})
