export { formatPairingUri } from './format.js'
export { parsePairingUri } from './parse.js'
export type { PairingUri, RelayProtocolOptions } from './types.js'
