import { createServer, type Server } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { portFlag, runStartCommand } from '../../../services/cli/startCommand.js'
import type { StackPart } from '../../../services/index.js'
import { freeStackPorts } from '../../support/ports.js'

const portFlags = (ports: Partial<Record<StackPart, number>>) =>
  Object.entries(ports).flatMap(([part, port]) => [`--${portFlag(part as StackPart)}`, String(port)])

describe('pairwise start on a taken port', () => {
  let blocker: Server
  let taken: number
  let others: Partial<Record<StackPart, number>>

  beforeEach(async () => {
    const { relay, ...rest } = await freeStackPorts()
    taken = relay
    others = rest
    blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve))
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await new Promise((resolve) => blocker.close(resolve))
  })

  it('names the flag the operator typed for that port', async () => {
    await expect(
      runStartCommand([...portFlags(others), '--relay-port', String(taken)], () => {}),
    ).rejects.toThrow(
      `The relay port 127.0.0.1:${taken} is already in use. Stop whatever listens there or choose another port with --relay-port.`,
    )
  })

  it('names the env variable when the operator set the port there', async () => {
    vi.stubEnv('PAIRWISE_RELAY_PORT', String(taken))
    await expect(runStartCommand(portFlags(others), () => {})).rejects.toThrow(
      `The relay port 127.0.0.1:${taken} is already in use. Stop whatever listens there or choose another port with PAIRWISE_RELAY_PORT.`,
    )
  })
})
