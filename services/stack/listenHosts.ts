import { isLoopbackHost } from '../net/isLoopbackHost.js'
import { type StackPart, stackParts, stackPorts } from './config.js'
import type { PortSpec } from './stackPart.js'

/** Where a dev-only port listens when the stack's host is not loopback. */
const LOOPBACK = '127.0.0.1'

const isLoopbackOnly = (spec: PortSpec): boolean => spec.loopbackOnly === true

/**
 * The address a port listens on: the stack's host, except a dev-only port's when that host is not loopback.
 * Whoever reaches the inbox reads the login codes mailed to it, and whoever reaches the identity providers
 * or the Farcaster test client logs in as their test accounts: `--host 0.0.0.0`, given to reach the pages
 * from another device, must not hand those to the network too.
 */
export const listenHostOf = (spec: PortSpec, host: string): string =>
  isLoopbackOnly(spec) && !isLoopbackHost(host) ? LOOPBACK : host

/**
 * Where a dev-only part run alone (`pairwise mail`, `pairwise farcaster`) listens: the `--host` typed for it,
 * else as in the stack. `PAIRWISE_HOST` set for the stack (to reach the pages from another device) keeps it
 * on loopback there, and must not hand it to the network here.
 */
export const aloneListenHost = (part: StackPart, typed: string | undefined, stackHost: string): string =>
  typed ?? listenHostOf(stackPorts[part], stackHost)

/** Where each port of the stack listens when its host is `host`. */
export const listenHosts = (host: string): Record<StackPart, string> =>
  Object.fromEntries(stackParts.map((part) => [part, listenHostOf(stackPorts[part], host)])) as Record<
    StackPart,
    string
  >

/** The dev-only ports, which stay on loopback whatever the stack's host. */
export const loopbackOnlyPorts: readonly StackPart[] = stackParts.filter((part) =>
  isLoopbackOnly(stackPorts[part]),
)
