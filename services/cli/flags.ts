import { z } from 'zod'
import { parseOperatorNumber, portNumber } from '../kit/operatorNumber.js'
import { isPortTaken, PortInUseError } from '../net/ports.js'
import { portsOf, type StackPart, stackPorts } from '../stack/config.js'

/**
 * A `--…-port` flag's value as a port number from 1 (the stack file records real ports, so none is left to
 * the system) in decimal digits; undefined when the flag is absent.
 */
export function parsePort(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : parseOperatorNumber(value, flag, portNumber)
}

/** A port's flag as its command spells it, and what the operator typed there (undefined when absent). */
export type PortFlag = { flag: string; typed: string | undefined }

/**
 * Where the operator chooses `part`'s port, for a message asking them to choose another: the flag when they
 * typed it (it wins), else the env variable when they set it, else both (the port is the default).
 */
export function portSetting(part: StackPart, { flag, typed }: PortFlag, env: NodeJS.ProcessEnv): string {
  const envName = stackPorts[part].env
  if (typed !== undefined) return flag
  return env[envName] === undefined ? `${flag} or ${envName}` : envName
}

/**
 * Names the first taken port, and the flag or env variable it was set with, before anything starts
 * listening. Every port a part listens on is checked: a Solana chain's PubSub is on its next one.
 */
export async function assertPortsFree<Part extends StackPart>(
  config: { host: string; ports: NoInfer<Record<Part, number>> },
  flags: Record<Part, PortFlag>,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  for (const [part, flag] of Object.entries(flags) as [Part, PortFlag][])
    for (const port of portsOf(part, config.ports[part]))
      if (await isPortTaken(port, config.host))
        throw new PortInUseError(part, config.host, port, portSetting(part, flag, env))
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
