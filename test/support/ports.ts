import { freePortRuns, type StackPart, stackPorts } from '../../services/index.js'

export { freePort, freePortPair, isPortTaken } from '../../services/index.js'

/** A free port for every part of the stack, no two parts sharing one (a Solana chain's PubSub port included). */
export async function freeStackPorts(): Promise<Record<StackPart, number>> {
  const parts = Object.keys(stackPorts) as StackPart[]
  const firsts = await freePortRuns(parts.map((part) => stackPorts[part].width))
  return Object.fromEntries(parts.map((part, index) => [part, firsts[index]])) as Record<StackPart, number>
}
