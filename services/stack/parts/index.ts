import { apiPart } from './apiPart.js'
import { authPart } from './authPart.js'
import { bitcoinPart } from './bitcoinPart.js'
import { bundlerPart } from './bundlerPart.js'
import { chainPart } from './chainPart.js'
import { demoPart } from './demoPart.js'
import { farcasterPart } from './farcasterPart.js'
import { mailPart } from './mailPart.js'
import { relayPart } from './relayPart.js'
import { solanaPart } from './solanaPart.js'

/**
 * The local stack's parts in start order: each starts after the parts it needs. Adding a service is its
 * part file and one line here; the port table, `pairwise start`'s flags, the CLI's commands, the banner
 * and the stack file follow.
 */
export const stackPartList = [
  chainPart,
  bundlerPart,
  solanaPart,
  bitcoinPart,
  relayPart,
  apiPart,
  mailPart,
  farcasterPart,
  authPart,
  demoPart,
] as const
