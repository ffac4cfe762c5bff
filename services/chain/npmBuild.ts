import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

/** A contract's ABI and creation bytecode, as a Hardhat or Truffle artifact in an npm package holds them. */
export type NpmBuild = { abi: Abi; bytecode: Hex }

/**
 * Reads a contract build from an installed package at run time (`@uniswap/v2-core/build/…json`). Builds
 * under the GPL (Uniswap V2, the ERC-4337 EntryPoint) come from devDependencies this way, for the dev
 * stack only, and are never bundled into our packages.
 */
export function npmBuild(path: string): NpmBuild {
  const json = JSON.parse(readFileSync(createRequire(import.meta.url).resolve(path), 'utf8')) as {
    abi: Abi
    bytecode: string
  }
  return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, '')}` }
}
