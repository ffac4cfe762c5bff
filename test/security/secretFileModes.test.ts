import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { gatewaySignerKey } from '../../services/api/names/gateway/signerKey.js'
import { adminTokenOf } from '../../services/cli/adminToken.js'
import { readOnrampSandboxFile } from '../../services/cli/onrampSandboxFile.js'
import { readSecretFile } from '../../services/kit/index.js'
import { authKek } from '../../services/stack/authKey.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-secret-modes-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let files = 0
/** A file holding `text` with `mode` (chmod'ed after writing, so the umask does not narrow it). */
function fileWith(text: string, mode: number): string {
  const path = join(dir, `secret-${files++}`)
  writeFileSync(path, text)
  chmodSync(path, mode)
  return path
}

const key = `0x${'ab'.repeat(32)}`
const refusal = 'other users than its owner may open it; chmod 600 it'

/** Each service reading a secret from a file, given that file. */
const readers: { name: string; text: string; read: (path: string) => unknown }[] = [
  {
    name: "the auth service's key-encryption key",
    text: `${'A'.repeat(43)}\n`,
    read: (path) => authKek({}, path),
  },
  { name: "the names gateway's signing key", text: `${key}\n`, read: gatewaySignerKey },
  {
    name: "the api's admin token",
    text: 'a-token\n',
    read: (path) => adminTokenOf({ 'admin-token-file': path }, {}),
  },
  {
    name: "the onramp sandbox's delivery key",
    text: `${key}\n`,
    read: (path) =>
      readOnrampSandboxFile(
        fileWith(
          JSON.stringify({
            chainId: 31337,
            rpcUrl: 'http://127.0.0.1:8545',
            testUsdc: `0x${'11'.repeat(20)}`,
            deliveryKeyFile: path,
          }),
          0o644,
        ),
      ),
  },
]

describe('a secret in a file its group or others may open is refused, as ssh refuses such a key', () => {
  it('reads a file only its owner may open, trimmed', () => {
    expect(readSecretFile(fileWith(' token \n', 0o600))).toBe('token')
    expect(readSecretFile(fileWith('token', 0o400))).toBe('token')
  })

  it('refuses what is not a regular file, without waiting on a FIFO', () => {
    const fifo = join(dir, 'fifo')
    execFileSync('mkfifo', ['-m', '600', fifo])
    expect(() => readSecretFile(fifo)).toThrow(`${fifo}: not a regular file`)
    expect(() => readSecretFile(dir)).toThrow()
  })

  it.runIf(process.getuid?.() === 0)('refuses a file another user owns, even at 0600', () => {
    const foreign = fileWith('token', 0o600)
    chownSync(foreign, 65534, 65534)
    expect(() => readSecretFile(foreign)).toThrow(
      `${foreign}: owned by user 65534, not by this process's user 0; chown it`,
    )
  })

  it('follows a symlink to a file only its owner may open, as mounted secrets are linked', () => {
    const link = join(dir, 'linked')
    symlinkSync(fileWith('token', 0o600), link)
    expect(readSecretFile(link)).toBe('token')
  })

  for (const mode of [0o644, 0o640, 0o604, 0o620, 0o602])
    it(`refuses mode ${mode.toString(8)} and says how to fix it`, () => {
      expect(() => readSecretFile(fileWith('token', mode))).toThrow(refusal)
    })

  for (const { name, text, read } of readers)
    it(`${name}: used at 0600, refused at 0644 with the path and the fix`, () => {
      expect(() => read(fileWith(text, 0o600))).not.toThrow()
      const open = fileWith(text, 0o644)
      expect(() => read(open)).toThrow(`${open}: ${refusal}`)
    })
})
