import { isIP } from 'node:net'

/** Whether `address` is a loopback address: one of 127.0.0.0/8 (each octet a real one) or ::1. */
export const isLoopbackAddress = (address: string): boolean =>
  address === '::1' || (isIP(address) === 4 && address.startsWith('127.'))

/** Whether `host` (a name or an address, as given to listen or in a URL) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host)
}
