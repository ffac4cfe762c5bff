import type { PairingUri } from './types.js'

/**
 * `wc:<topic>@2?expiryTimestamp=…&relay-protocol=irn&symKey=…`: parameters sorted by name and encoded
 * by URLSearchParams, byte for byte what the official client writes, so QR codes and deep links match.
 */
export function formatPairingUri(uri: Omit<PairingUri, 'protocol' | 'version'>): string {
  const params: [string, string][] = [
    ['relay-protocol', uri.relay.protocol],
    ['symKey', uri.symKey],
  ]
  if (uri.relay.data) params.push(['relay-data', uri.relay.data])
  if (uri.expiryTimestamp !== undefined) params.push(['expiryTimestamp', String(uri.expiryTimestamp)])
  if (uri.methods !== undefined && uri.methods.length > 0) params.push(['methods', uri.methods.join(',')])
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `wc:${uri.topic}@2?${new URLSearchParams(params).toString()}`
}
