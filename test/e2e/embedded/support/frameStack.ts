import { randomUUID } from 'node:crypto'
import { expect, type FrameLocator, type Page } from '@playwright/test'
import { ProjectStore } from '../../../../services/api/projects/index.js'
import { EMBEDDED_PROJECT_ID } from '../../../../services/stack/demoProject.js'
import { e2eResendIntervalMs, startDemoStack } from '../../modal/demoStack.js'
import { FrameHost, succeeded } from './frameHost.js'
import { type LoopbackPage, serveLoopbackPage } from './loopbackPage.js'

export type DemoStack = Awaited<ReturnType<typeof startDemoStack>>
export { startDemoStack }

/** The secure frame's address for the embedded example's project on the stack's chain. */
export const frameUrlOf = (stack: DemoStack) =>
  `${stack.authUrl}/frame?projectId=${EMBEDDED_PROJECT_ID}&version=1.7.13&chainId=${stack.chain.chainId}`

/** How long the auth service reuses a project it read (ProjectStore's default cacheMs), plus a margin. */
const projectCacheMs = 1100

/**
 * Adds `origins` to the embedded project's allowed origins. The frame page reads them uncached; the
 * auth service's own store (another instance) keeps its copy up to a second, which is waited out.
 */
export async function allowOrigins(stack: DemoStack, ...origins: string[]): Promise<void> {
  const projects = new ProjectStore(stack.api.db)
  const project = await projects.get(EMBEDDED_PROJECT_ID)
  if (!project) throw new Error(`the stack has no project ${EMBEDDED_PROJECT_ID}`)
  await projects.update(EMBEDDED_PROJECT_ID, {
    allowedOrigins: [...new Set([...project.allowedOrigins, ...origins])],
  })
  await new Promise((resolve) => setTimeout(resolve, projectCacheMs))
}

/** The first code mail (login, re-auth or email change) to `email` that arrived at or after `after`: its code and arrival. */
export async function mailedCode(
  stack: DemoStack,
  email: string,
  after: number,
): Promise<{ code: string; at: number }> {
  const mail = await stack.mail.inbox.waitFor({ to: email, subject: /\bcode\b/, after }, 15_000)
  const code = /^Your code: (\d{6})$/m.exec(mail.text)?.[1]
  if (!code) throw new Error(`no code in the mail to ${email}: ${mail.text}`)
  return { code, at: mail.created.getTime() }
}

/** The auth service mails one address (and one device) at most once in this long (EMAIL-09). */
export const resendIntervalMs = e2eResendIntervalMs

/** Waits until a new mail to the same address may go out, `mailedAt` being the last one's arrival. */
export const resendAllowed = (mailedAt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, mailedAt + resendIntervalMs + 1000 - Date.now())))

/** A fresh address per call (the auth service throttles mails per address). */
export const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@pairwise.localhost`

export const passphrase = 'violet harbour lantern 1917 quietly'

/**
 * Types the code mailed to `email` since `sent` into the secure frame (the host page never sees it), then
 * the recovery passphrase; answers the code and when it was mailed.
 */
export async function typeMailedCode(
  frame: FrameLocator,
  stack: DemoStack,
  email: string,
  sent: number,
): Promise<{ code: string; at: number }> {
  const mailed = await mailedCode(stack, email, sent)
  await frame.getByTestId('frame-code-input').fill(mailed.code)
  await frame.getByTestId('frame-code-submit').click()
  await frame.getByTestId('frame-passphrase-input').fill(passphrase)
  await frame.getByTestId('frame-passphrase-submit').click()
  return mailed
}

/**
 * Email login done the way the frame means it: CONNECT_EMAIL, then CONNECT_OTP without a code, the code
 * (read from the inbox) typed into the frame, the recovery passphrase set there. Answers the address
 * and the code used.
 */
export async function loginByEmail(
  host: FrameHost,
  stack: DemoStack,
  email: string,
): Promise<{ address: `0x${string}`; code: string; mailedAt: number }> {
  const sent = Date.now() - 1000
  expect(succeeded(await host.request('CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_OTP' })
  const verified = host.request('CONNECT_OTP', {})
  const { code, at } = await typeMailedCode(host.frame, stack, email, sent)
  succeeded(await verified)
  const user = succeeded(await host.request('GET_USER', { chainId: stack.chain.chainId }))
  return { address: user.address as `0x${string}`, code, mailedAt: at }
}

/** A host page on a new loopback origin with the frame embedded and its channel open. */
export async function openFrame(
  page: Page,
  stack: DemoStack,
  sites: LoopbackPage[],
  { allow = true }: { allow?: boolean } = {},
): Promise<{ host: FrameHost; site: LoopbackPage }> {
  const site = await serveLoopbackPage()
  sites.push(site)
  if (allow) await allowOrigins(stack, site.origin)
  const host = await FrameHost.embed(page, site.url, frameUrlOf(stack))
  const channel = await host.handshake()
  if (allow && !(await host.ready(channel, 10_000))) throw new Error('the frame did not answer the handshake')
  return { host, site }
}
