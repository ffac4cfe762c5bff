import { siwxSessionSchema } from '@pairwise/engine/siwx'
import { z } from 'zod'
import { empty, json, type ModuleDocs } from '../openapi/routeDoc.js'
import { authQuerySchema, pairQuerySchema, siwxSessionBodySchema, siwxSessionsBodySchema } from './schema.js'

const iso = z.iso.datetime({ offset: false })
const token = z.string().optional().describe('With `auth=bearer`: the bearer token, instead of the cookie.')

export const nonceAnswerSchema = z.object({ nonce: z.string(), expiresAt: iso, issuedAt: iso })
export const sessionAddedAnswerSchema = z.object({ session: siwxSessionSchema, expiresAt: iso, token })
export const sessionListAnswerSchema = z.array(siwxSessionSchema)
export const sessionsReplacedAnswerSchema = z.object({ sessions: z.array(siwxSessionSchema), token })
export const signedInAnswerSchema = z.object({
  sessions: z.array(z.object({ chainId: z.string(), address: z.string(), expiresAt: iso })),
})

export const siwxDocs: ModuleDocs = {
  tag: 'siwx',
  description:
    'Sign in with the wallet against this api: an HttpOnly session cookie, or with `auth=bearer` a token (`Authorization: Bearer`).',
  routes: [
    {
      method: 'post',
      path: '/siwx/nonce',
      summary: 'A single-use nonce for the next sign-in message (5 minutes)',
      auth: 'project',
      calledBy: ['modal'],
      responses: { 200: json('The nonce', nonceAnswerSchema) },
    },
    {
      method: 'post',
      path: '/siwx/sessions',
      summary: 'Signs in with a signed message: sets the session cookie, or answers a token',
      auth: 'project',
      calledBy: ['modal'],
      query: authQuerySchema,
      body: { schema: siwxSessionBodySchema },
      responses: { 201: json('Signed in', sessionAddedAnswerSchema) },
    },
    {
      method: 'get',
      path: '/siwx/sessions',
      summary: "The holder's sessions for one chain and address",
      auth: 'project',
      calledBy: ['modal'],
      query: pairQuerySchema,
      responses: { 200: json('The sessions (none without a holder)', sessionListAnswerSchema) },
    },
    {
      method: 'delete',
      path: '/siwx/sessions',
      summary: "Removes the holder's sessions for one chain and address",
      auth: 'project',
      calledBy: ['modal'],
      query: pairQuerySchema,
      responses: { 204: empty('Removed') },
    },
    {
      method: 'put',
      path: '/siwx/sessions',
      summary: "Replaces the holder's sessions in this project with these",
      auth: 'project',
      calledBy: ['modal'],
      query: authQuerySchema,
      body: { schema: siwxSessionsBodySchema },
      responses: { 200: json('The sessions held now', sessionsReplacedAnswerSchema) },
    },
    {
      method: 'get',
      path: '/siwx/me',
      summary: 'Who is signed in in this project (401 `NOT_SIGNED_IN` when nobody)',
      auth: 'project',
      calledBy: ['modal'],
      responses: { 200: json('The sign-ins', signedInAnswerSchema) },
    },
    {
      method: 'post',
      path: '/siwx/sign-out',
      summary:
        "Signs out of this project's sign-ins, the bearer token's and the cookie's both when both are sent (the cookie goes once none is left on it)",
      auth: 'project',
      calledBy: ['modal'],
      responses: { 204: empty('Signed out') },
    },
  ],
}
