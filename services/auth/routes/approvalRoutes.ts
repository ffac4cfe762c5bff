import { type Context, Hono } from 'hono'
import { ApiError } from '../../api/http/apiError.js'
import { validQuery } from '../../api/http/validate.js'
import { formPageHeaders } from '../../kit/index.js'
import type { AuthContext } from '../authContext.js'
import { authPaths } from '../protocol/paths.js'
import { deviceApproveForm, deviceApproveQuery } from '../protocol/schemas.js'
import { hashToken } from '../secrets.js'
import { approvalForm, approvedPage, invalidLinkPage } from './approvalPage.js'

/**
 * The device-approval link: GET only shows the request (mail scanners fetch links), the page's POST
 * approves. The token is looked up by its SHA-256, works once and for `approvalLifeMs`.
 */
export function approvalRoutes(ctx: AuthContext): Hono {
  const gone = (c: Context) => c.html(invalidLinkPage(), 410, formPageHeaders)
  return new Hono()
    .get(authPaths.deviceApprove, async (c) => {
      const { token } = validQuery(c.req, deviceApproveQuery)
      const attempt = await ctx.attempts.findByApproval(hashToken(token), ctx.now())
      // The attempt's own project, which its start found (requests.ts `projectOf`): no client names this id.
      const project = attempt && (await ctx.projects.find(attempt.projectId))
      if (!attempt || !project) return gone(c)
      const form = approvalForm({
        projectName: project.name,
        deviceId: attempt.device.id,
        ip: attempt.ip,
        hostOrigin: attempt.hostOrigin,
        requestedAt: attempt.createdAt,
        token,
      })
      return c.html(form, 200, formPageHeaders)
    })
    .post(authPaths.deviceApprove, async (c) => {
      const form = deviceApproveForm.safeParse(await c.req.parseBody().catch(() => undefined))
      if (!form.success) throw new ApiError(400, 'INVALID_REQUEST', 'token: a 32-byte base64url token')
      const approved = await ctx.attempts.approve(hashToken(form.data.token), ctx.now())
      return approved ? c.html(approvedPage(), 200, formPageHeaders) : gone(c)
    })
}
