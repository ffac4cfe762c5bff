import { escapeHtml, formPage } from '../../kit/index.js'

const page = (title: string, body: string) => formPage(title, body, { style: 'dt{font-weight:600}' })

export type ApprovalRequest = {
  projectName: string
  deviceId: string
  ip: string
  hostOrigin: string
  /** Unix milliseconds of the login request. */
  requestedAt: number
  token: string
}

/** What GET shows: who asks, from where, and the one button (a POST) that approves. */
export function approvalForm(request: ApprovalRequest): string {
  return page(
    `Approve a new device for ${request.projectName}`,
    `<p>A device asked to sign in. Approve it only if it was you.</p>
<dl><dt>Device</dt><dd>${escapeHtml(request.deviceId)}</dd>
<dt>IP address</dt><dd>${escapeHtml(request.ip)}</dd>
<dt>Site</dt><dd>${escapeHtml(request.hostOrigin)}</dd>
<dt>Time</dt><dd>${escapeHtml(new Date(request.requestedAt).toISOString())}</dd></dl>
<form method="post" action="/auth/v1/device/approve">
<input type="hidden" name="token" value="${escapeHtml(request.token)}">
<button type="submit">Approve</button></form>`,
  )
}

export const approvedPage = () =>
  page('Device approved', '<p>The device is approved. Go back to it: a code is on its way to your email.</p>')

export const invalidLinkPage = () =>
  page('Link not valid', '<p>This approval link was already used, has expired, or is not known.</p>')
