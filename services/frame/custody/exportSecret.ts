import type { Hex } from 'viem'
import { type ShareInput, secretFromShares } from './shareSecret.js'

export type ExportedSecret = { mnemonic: string; privateKey: Hex }

/** For the frame's own export view only: the phrase and key never cross the channel to the host. */
export async function exportSecret(input: ShareInput): Promise<ExportedSecret> {
  const { mnemonic, privateKey } = await secretFromShares(input)
  return { mnemonic, privateKey }
}
