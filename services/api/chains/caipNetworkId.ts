import { z } from 'zod'

/** A CAIP-2 chain id (namespace:reference), e.g. `eip155:31337`; whether we serve it is checked apart. */
export const caipNetworkIdSchema = z
  .string()
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'not a CAIP-2 chain id')
