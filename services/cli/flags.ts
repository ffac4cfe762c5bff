import { z } from 'zod'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { type StackPart, stackPorts } from '../stack/config.js'

/**
 * A `--…-port` flag's value as a port number; undefined when the flag is absent. Decimal digits only:
 * `Number` alone would take `0x1f90`, `1e3`, `80.0` and ` 80` for ports the operator never wrote.
 */
export function parsePort(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const port = Number(value)
  if (!/^[0-9]{1,5}$/.test(value) || port < 1 || port > 65535)
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
