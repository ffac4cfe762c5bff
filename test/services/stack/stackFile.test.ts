import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writePartialStackFile } from '../../../services/stack/stackFile.js'

const scratch = mkdtempSync(join(tmpdir(), 'pairwise-stack-file-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the stack file', () => {
  it('is its owner’s only even where a world-readable file already holds its partial name', () => {
    const path = join(scratch, 'stack.json')
    writeFileSync(`${path}.${process.pid}.tmp`, '', { mode: 0o644 })
    writePartialStackFile(path, { api: { url: 'http://127.0.0.1:8788', adminToken: 'secret' } })
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(path, 'utf8')).api.adminToken).toBe('secret')
  })
})
