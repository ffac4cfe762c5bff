import { isPortTaken, PortInUseError } from '../net/ports.js'
import { type StackPart, stackPorts } from '../stack/config.js'

/** A `--…-port` flag's value as a port number; undefined when the flag is absent. */
export function parsePort(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${flag} must be a port number, got '${value}'`)
  return port
}

/** Names the first taken port (and its env variable) before anything starts listening. */
export async function assertPortsFree(
  host: string,
  ports: Partial<Record<StackPart, number>>,
): Promise<void> {
  for (const [part, port] of Object.entries(ports) as [StackPart, number][])
    if (await isPortTaken(port, host)) throw new PortInUseError(part, host, port, stackPorts[part].env)
}

/** The `--trust-proxy` option of every service command: repeatable, each value CIDRs separated by commas. */
export const trustProxyOption = { 'trust-proxy': { type: 'string', multiple: true } } as const
