import { z } from 'zod'

const schemaObject = z.record(z.string(), z.unknown())
const media = z.record(z.string(), z.object({ schema: schemaObject.optional() }))

const parameter = z.object({
  name: z.string().min(1),
  in: z.enum(['query', 'path', 'header', 'cookie']),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: schemaObject,
})

const operation = z.object({
  operationId: z.string().regex(/^[A-Za-z0-9]+$/),
  summary: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string()).min(1),
  parameters: z.array(parameter).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: media }).optional(),
  responses: z.record(
    z.union([z.string().regex(/^[1-5]\d\d$/), z.literal('default')]),
    z.object({ description: z.string(), content: media.optional() }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  'x-called-by': z.array(z.string()).optional(),
})

export const openApiMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/**
 * The parts of an OpenAPI 3.1 document this api writes, as the spec defines them: what `GET /openapi.json`
 * answers, and what the tests hold it to (no OpenAPI validator is a dependency).
 */
export const openApiDocumentSchema = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({
    title: z.string().min(1),
    version: z.string().min(1),
    description: z.string().optional(),
  }),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional() })).optional(),
  paths: z.record(
    z.string().regex(/^\//),
    z
      .partialRecord(z.enum(openApiMethods), operation)
      .refine((item) => Object.keys(item).length > 0, 'no operation'),
  ),
  components: z.object({
    schemas: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/), schemaObject),
    securitySchemes: z.record(z.string(), z.looseObject({ type: z.string() })).optional(),
  }),
})

export type OpenApiDocument = z.output<typeof openApiDocumentSchema>
export type OpenApiOperation = z.output<typeof operation>
export type OpenApiParameter = z.output<typeof parameter>
