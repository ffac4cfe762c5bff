import { freePortRuns, type StackPart, stackParts, stackPorts } from '../../services/index.js'

export { freePort, freePortPair, freePortRuns, isPortTaken } from '../../services/index.js'

/** Two distinct free ports, for a server that listens on two (SMTP and its inbox, RPC and PubSub). */
export async function twoFreePorts(): Promise<[number, number]> {
  const [first, second] = await freePortRuns([1, 1])
  return [first as number, second as number]
}

/** A free port for every part of the stack, no two parts sharing one (a Solana chain's PubSub port included). */
export async function freeStackPorts(): Promise<Record<StackPart, number>> {
  const firsts = await freePortRuns(stackParts.map((part) => stackPorts[part].width))
  return Object.fromEntries(stackParts.map((part, index) => [part, firsts[index]])) as Record<
    StackPart,
    number
  >
}
