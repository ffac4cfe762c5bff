import { z } from 'zod'
import { parseOperatorNumber, portNumber } from '../kit/operatorNumber.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { type StackPart, stackPorts } from '../stack/config.js'

/**
 * A `--…-port` flag's value as a port number from 1 (the stack file records real ports, so none is left to
 * the system) in decimal digits; undefined when the flag is absent.
 */
export function parsePort(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : parseOperatorNumber(value, flag, portNumber)
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

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))

/**
 * A `--public-url` flag's value (where clients reach a service through a proxy or domain) without its
 * trailing slashes; undefined when the flag is absent. Only http(s): clients reach the service there, and
 * its host becomes a `Host` name the service answers to.
 */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const parsed = httpUrl.safeParse(value)
  if (!parsed.success) throw new Error(`--public-url must be an http(s) URL, got '${value}'`)
  return parsed.data
}
