import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readOnrampSandboxFile } from '../../../services/cli/onrampSandboxFile.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-onramp-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const key = `0x${'ab'.repeat(32)}`
const entry = {
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:8545',
  testUsdc: `0x${'12'.repeat(20)}`,
  deliveryKeyFile: 'delivery.key',
}
const sandboxFile = (contents: unknown, name = 'sandbox.json') => {
  const file = join(dir, name)
  writeFileSync(file, typeof contents === 'string' ? contents : JSON.stringify(contents))
  return file
}
writeFileSync(join(dir, 'delivery.key'), `${key}\n`, { mode: 0o600 })

describe('pairwise api --onramp-sandbox FILE', () => {
  it('reads the chain, the test USDC and the delivery key from its own file beside it', () => {
    expect(readOnrampSandboxFile(sandboxFile(entry))).toEqual({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545',
      testUsdc: entry.testUsdc,
      deliveryKey: key,
    })
  })

  it('names what is wrong: not JSON, a missing or unknown field, a bad URL, a key file that is absent or holds no key', () => {
    expect(() => readOnrampSandboxFile(join(dir, 'absent.json'))).toThrow(
      /^--onramp-sandbox: cannot read the file .*absent\.json \(ENOENT\)$/,
    )
    expect(() => readOnrampSandboxFile(sandboxFile('{'))).toThrow(/^--onramp-sandbox: .* is not JSON/)
    expect(() => readOnrampSandboxFile(sandboxFile({ ...entry, testUsdc: undefined }))).toThrow(
      /^--onramp-sandbox: testUsdc: /,
    )
    expect(() => readOnrampSandboxFile(sandboxFile({ ...entry, deliveryKey: key }))).toThrow(
      /^--onramp-sandbox: file: .*deliveryKey/,
    )
    expect(() => readOnrampSandboxFile(sandboxFile({ ...entry, rpcUrl: 'file:///etc/passwd' }))).toThrow(
      /^--onramp-sandbox: rpcUrl: /,
    )
    expect(() => readOnrampSandboxFile(sandboxFile({ ...entry, deliveryKeyFile: 'missing.key' }))).toThrow(
      /cannot read the delivery key .*missing\.key \(ENOENT\)/,
    )
    writeFileSync(join(dir, 'short.key'), '0x1234', { mode: 0o600 })
    expect(() => readOnrampSandboxFile(sandboxFile({ ...entry, deliveryKeyFile: 'short.key' }))).toThrow(
      /short\.key holds no 0x-prefixed 32-byte key$/,
    )
  })
})
