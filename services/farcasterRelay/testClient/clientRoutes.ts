import { Hono } from 'hono'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { ApiError } from '../../api/http/apiError.js'
import { validQuery } from '../../api/http/validate.js'
import { formPageHeaders } from '../../kit/index.js'
import { channelNonceSchema, connectUrlSchema, siweDomainSchema } from '../protocol.js'
import { approveChannel, channelLinkOf } from './approveChannel.js'
import { clientForm, clientPaths, clientResult } from './clientPage.js'
import { ownPageOnly } from './ownPageOnly.js'
import type { TestFarcasterAccount } from './testAccount.js'

const blank = z.literal('')
const pageQuery = z.strictObject({ uri: connectUrlSchema.optional() })
const approveForm = z.strictObject({
  uri: connectUrlSchema,
  signer: z.enum(['custody', 'authAddress', 'stranger']),
  nonce: z.union([blank, channelNonceSchema]).optional(),
  domain: z.union([blank, siweDomainSchema]).optional(),
})

export type TestClientOptions = {
  account: TestFarcasterAccount
  /** The relay it posts approvals to (its own server, whose URL is known once it listens), and the key. */
  relayUrl: () => string
  relayKey: string
}

/**
 * The local stand-in for a Farcaster app (issue 35): a page that approves a pending sign-in as the test
 * fid. It signs on the server, so the fid's custody key never reaches a browser.
 */
export function testClientRoutes(options: TestClientOptions): Hono {
  const { account } = options
  return new Hono()
    .get(clientPaths.page, (c) => {
      const { uri } = validQuery(c.req, pageQuery)
      return c.html(clientForm(account, uri ?? ''), 200, formPageHeaders)
    })
    .post(clientPaths.approve, ownPageOnly, async (c) => {
      const form = approveForm.safeParse(await c.req.parseBody().catch(() => undefined))
      if (!form.success)
        throw new ApiError(400, 'INVALID_REQUEST', 'a sign-in link, a signer, and a nonce or domain if any')
      const { uri, signer, nonce, domain } = form.data
      const key =
        signer === 'custody'
          ? account.custody
          : signer === 'authAddress'
            ? account.authAddress
            : privateKeyToAccount(generatePrivateKey())
      if (!channelLinkOf(uri))
        throw new ApiError(
          400,
          'INVALID_REQUEST',
          'uri: a sign-in link with a channel token, nonce, domain and URI',
        )
      const answer = await approveChannel({
        relayUrl: options.relayUrl(),
        relayKey: options.relayKey,
        url: uri,
        signer: key,
        fid: account.fid,
        username: account.username,
        tamper: { ...(nonce ? { nonce } : {}), ...(domain ? { domain } : {}) },
      })
      const status = answer.status
      const text = await answer.text()
      // The relay's refusal keeps its status, so a script driving the page sees it as the relay gave it.
      return c.html(
        clientResult(account, status, text),
        status === 201 ? 200 : (status as 400),
        formPageHeaders,
      )
    })
}
