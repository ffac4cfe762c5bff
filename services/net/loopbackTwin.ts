/** The other name of the loopback host (127.0.0.1 ↔ localhost): the same machine, another site to a browser. */
export function loopbackTwin(hostname: string): string | undefined {
  return ({ '127.0.0.1': 'localhost', localhost: '127.0.0.1' } as Record<string, string>)[hostname]
}
