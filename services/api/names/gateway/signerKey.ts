import { writeFileSync } from 'node:fs'
import { type Hex, isHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { readSecretFile } from '../../../kit/index.js'

/**
 * The gateway's signing key from `path`, made (random, readable by its owner only) on first use. It is
 * the trust root of every name the resolver answers for: keep the file with the api's data.
 */
export function gatewaySignerKey(path: string): Hex {
  try {
    writeFileSync(path, `${generatePrivateKey()}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = readSecretFile(path)
  if (!isHex(key) || key.length !== 66) throw new Error(`${path} does not hold a 32-byte hex private key`)
  return key
}
