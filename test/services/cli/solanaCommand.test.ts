import { afterEach, describe, expect, it, vi } from 'vitest'
import { runSolanaCommand } from '../../../services/cli/solanaCommand.js'
import { freePort, isPortTaken } from '../../support/ports.js'

const log = () => {}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('pairwise solana --ws-port', () => {
  it('refuses the JSON-RPC port before anything listens, naming --ws-port and --port', async () => {
    const port = await freePort()
    await expect(runSolanaCommand(['--port', String(port), '--ws-port', String(port)], log)).rejects.toThrow(
      `Invalid --ws-port: Solana PubSub would listen on port ${port}, which --port already gives Solana JSON-RPC`,
    )
    expect(await isPortTaken(port)).toBe(false)
  })

  it('names PAIRWISE_SOLANA_PORT when the JSON-RPC port came from it', async () => {
    const port = await freePort()
    vi.stubEnv('PAIRWISE_SOLANA_PORT', String(port))
    await expect(runSolanaCommand(['--ws-port', String(port)], log)).rejects.toThrow(
      `Invalid --ws-port: Solana PubSub would listen on port ${port}, which PAIRWISE_SOLANA_PORT already gives Solana JSON-RPC`,
    )
    expect(await isPortTaken(port)).toBe(false)
  })
})
