import { describe, expect, it } from 'vitest'
import { commands } from '../../../services/cli/commands.js'
import { startUsage } from '../../../services/cli/startCommand.js'
import { stackPartList, stackParts, stackPorts } from '../../../services/index.js'

describe('the stack is one list of parts', () => {
  it('each port, env variable and part name is declared once, and the port table is the parts’ ports', () => {
    const ports = stackPartList.flatMap((part) => Object.keys(part.ports))
    expect(new Set(ports).size).toBe(ports.length)
    expect(stackParts).toEqual(ports)
    const envs = Object.values(stackPorts).map((spec) => spec.env)
    expect(new Set(envs).size).toBe(envs.length)
    expect(new Set(stackPartList.map((part) => part.name)).size).toBe(stackPartList.length)
  })

  it('a part with a command has it in the CLI, with its summary, and `pairwise start` has a flag per port', async () => {
    for (const { command } of stackPartList) {
      if (!command) continue
      expect(commands[command.name]?.summary).toBe(command.summary)
      expect((await commands[command.name]?.load())?.usage).toMatch(
        new RegExp(`^pairwise ${command.name}\\b`),
      )
    }
    expect(startUsage).toContain('[--solana-devnet-port N]')
    for (const port of stackParts)
      expect(startUsage).toContain(`--${port.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}-port`)
  })
})
