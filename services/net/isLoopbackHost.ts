/** Whether `host` (a name or an address, as given to listen or in a URL) is this machine's loopback. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}
