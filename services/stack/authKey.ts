import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'
import { readSecretFile } from '../kit/index.js'

const keyBytes = 32

/**
 * The auth service's key-encryption key: `PAIRWISE_AUTH_KEK` (32 bytes, base64url) when set, else the
 * key in `file`, made on first use and readable by its owner only. It lives outside the database, so a
 * copy of the database alone opens no auth share.
 */
export function authKek(env: NodeJS.ProcessEnv, file: string): Uint8Array {
  const given = env.PAIRWISE_AUTH_KEK
  if (given !== undefined) return checked(base64urlToBytes(given.trim()), 'PAIRWISE_AUTH_KEK')
  if (existsSync(file)) return checked(base64urlToBytes(readSecretFile(file)), file)
  const key = new Uint8Array(randomBytes(keyBytes))
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  writeFileSync(file, `${bytesToBase64url(key)}\n`, { mode: 0o600, flag: 'wx' })
  return key
}

function checked(key: Uint8Array, where: string): Uint8Array {
  if (key.length !== keyBytes) throw new Error(`${where}: the auth key must be ${keyBytes} bytes (base64url)`)
  return key
}
