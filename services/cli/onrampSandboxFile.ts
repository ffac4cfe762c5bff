import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import type { SandboxConfig } from '../api/onramp/index.js'
import { readSecretFile } from '../kit/index.js'

const sandboxFileSchema = z.strictObject({
  chainId: z.number().int().positive(),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  /** The mintable test USDC (the local chain's `contracts.testUsdc`). */
  testUsdc: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  /** A file holding the funded delivery key as 0x-prefixed hex, relative to this file. */
  deliveryKeyFile: z.string().min(1),
})

const readText = (file: string, what: string, read = (path: string) => readFileSync(path, 'utf8')) => {
  try {
    return read(file)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    throw new Error(`--onramp-sandbox: ${code ? `cannot read ${what} ${file} (${code})` : message}`)
  }
}

/**
 * The `--onramp-sandbox` file: the local chain the sandbox delivers on and its test USDC, and where the
 * delivery key is. The key stays in a file of its own, never in the arguments every local user reads.
 */
export function readOnrampSandboxFile(file: string): SandboxConfig {
  let parsed: unknown
  try {
    parsed = JSON.parse(readText(file, 'the file'))
  } catch (error) {
    if ((error as Error).message.startsWith('--onramp-sandbox')) throw error
    throw new Error(`--onramp-sandbox: ${file} is not JSON (${(error as Error).message})`)
  }
  const sandbox = sandboxFileSchema.safeParse(parsed)
  if (!sandbox.success) {
    const issue = sandbox.error.issues[0]
    throw new Error(`--onramp-sandbox: ${issue?.path.join('.') || 'file'}: ${issue?.message}`)
  }
  const keyFile = resolve(dirname(file), sandbox.data.deliveryKeyFile)
  const key = readText(keyFile, 'the delivery key', readSecretFile)
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error(`--onramp-sandbox: ${keyFile} holds no 0x-prefixed 32-byte key`)
  return {
    chainId: sandbox.data.chainId,
    rpcUrl: sandbox.data.rpcUrl,
    testUsdc: sandbox.data.testUsdc as Address,
    deliveryKey: key as Hex,
  }
}
