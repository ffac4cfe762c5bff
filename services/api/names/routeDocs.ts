import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'
import type { NameRecord } from './nameRecord.js'
import { ccipRequestSchema, registerBodySchema } from './schema.js'

const iso = z.iso.datetime({ offset: false })

/** AppKit's name record: lookups, reverse lookups and registration answer it. */
export const nameRecordSchema = z.object({
  name: z.string(),
  registered: iso,
  updated: iso,
  addresses: z
    .record(z.string(), z.object({ address: z.string(), created: iso }))
    .describe('By ENSIP-11 coin type.'),
  attributes: z.tuple([]),
}) satisfies z.ZodType<NameRecord>

export const suggestionsAnswerSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.literal(false) })),
})

export const ccipAnswerSchema = z.object({
  data: z.string().describe("The resolver's answer, signed for `sender`, valid 5 minutes."),
})

const gateway = '`names.signerKey` (the CCIP-read gateway key)'

export const namesDocs: ModuleDocs = {
  tag: 'names',
  description:
    "Names under the zone (`pairwise.eth` by default) with AppKit's shapes; refusals add `{ status, reasons: [{ name, description }] }`.",
  routes: [
    {
      method: 'get',
      path: '/v1/names/{name}',
      summary: 'A registered name',
      auth: 'project',
      calledBy: ['modal'],
      params: z.object({ name: z.string() }),
      responses: { 200: json('The name', nameRecordSchema) },
    },
    {
      method: 'get',
      path: '/v1/names/suggestions/{label}',
      summary: 'The label itself when free, else free variants of it',
      auth: 'project',
      calledBy: ['modal'],
      params: z.object({ label: z.string() }),
      responses: { 200: json('Free names', suggestionsAnswerSchema) },
    },
    {
      method: 'get',
      path: '/v1/names/reverse/{address}',
      summary: 'The names an address holds',
      auth: 'project',
      calledBy: ['modal'],
      params: z.object({ address: z.string() }),
      responses: { 200: json('The names', z.array(nameRecordSchema)) },
    },
    {
      method: 'post',
      path: '/v1/names',
      summary: 'Registers a name for a signed message (one name per address)',
      auth: 'project',
      calledBy: ['modal'],
      body: { schema: registerBodySchema },
      responses: { 200: json('The name registered', nameRecordSchema) },
    },
    {
      method: 'get',
      path: '/ccip/{sender}/{file}',
      summary: 'EIP-3668 gateway lookup, `file` being `<call data>.json`; readable from any origin',
      auth: 'none',
      calledBy: ['ens clients'],
      when: gateway,
      params: z.object({
        sender: ccipRequestSchema.shape.sender,
        file: z.string().regex(/^0x[0-9a-fA-F]*\.json$/),
      }),
      responses: { 200: json('The signed answer', ccipAnswerSchema) },
    },
    {
      method: 'post',
      path: '/ccip',
      summary: 'EIP-3668 gateway lookup with a JSON body; readable from any origin',
      auth: 'none',
      calledBy: ['ens clients'],
      when: gateway,
      body: { schema: ccipRequestSchema },
      responses: { 200: json('The signed answer', ccipAnswerSchema) },
    },
  ],
}
