import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppKit } from '../../../modal/core/appKit.js'
import { AccountEmail } from '../../../modal/email/AuthAccountSection.js'
import { EmailVerifyDeviceView, EmailVerifyOtpView } from '../../../modal/email/codeViews.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { KitContext } from '../../../modal/ui/kitContext.js'
import { anvilPair, unreachableRpcUrl } from '../support/kit.js'
import { emailKit } from './support.js'

let kit: AppKit
beforeAll(async () => {
  ;({ kit } = emailKit(anvilPair(await unreachableRpcUrl())))
  return () => kit.destroy()
})

const render = (node: ReactNode) =>
  renderToString(createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, node))

// The wire takes these: a right-to-left override that makes the domain read backwards, and a zero-width space.
const spoofing = 'eve\u200b@\u202emoc.elpmaxe'
const unshown = /[\u200b\u202e]/

describe('the email as the modal shows it', () => {
  it('shows the account’s email isolated left to right, without the characters that reorder or hide text', () => {
    const html = render(createElement(AccountEmail, { email: spoofing }))
    expect(html).toContain('<bdi dir="ltr">eve@moc.elpmaxe</bdi>')
    expect(html).toContain('title="eve@moc.elpmaxe"')
    expect(html).not.toMatch(unshown)
  })

  it('puts the email in a sentence isolated left to right, without the characters that reorder or hide text', () => {
    for (const view of [EmailVerifyOtpView, EmailVerifyDeviceView]) {
      const html = render(createElement(view, { data: { email: spoofing } }))
      expect(html).toContain('\u2066eve@moc.elpmaxe\u2069')
      expect(html).not.toMatch(unshown)
    }
  })
})
