import { useCallback, useState } from 'react'
import type { Translate } from '../../i18n/translate.js'
import type { ViewData } from '../../state/views.js'
import { copyText } from '../../ui/components/copyText.js'
import { errorMessage } from '../../ui/components/errorMessage.js'
import { QrCode, type QrEncoder, useQrEncoder } from '../../ui/components/QrCode.js'
import { Spinner } from '../../ui/components/Spinner.js'
import { useAppState, useKit } from '../../ui/kitContext.js'
import { type ActionState, useActionOnMount } from '../../ui/useAction.js'
import { useFeatureTexts } from '../../ui/useFeatureTexts.js'
import { emailStyles } from '../emailStyles.js'
import { FrameSlot } from '../FrameSlot.js'
import type { en } from '../texts/en.js'
import { emailTexts } from '../texts/index.js'
import { useEmbeddedWallet } from '../useEmbeddedWallet.js'
import { beginFarcasterLogin } from './farcasterLogin.js'

/**
 * SOC-05: follows the Farcaster login the button began. The link the frame answered (farcasterUrl) shows
 * as a QR code to scan with a phone, and as a link that opens a Farcaster app on this device; the secure
 * frame shows over the slot below, where a first login sets the wallet's recovery passphrase. Back or close
 * leaves the view, which ends the login.
 */
export function ConnectingFarcasterView({ data }: { data: ViewData['ConnectingFarcaster'] }) {
  const { kit, t } = useKit()
  const et = useFeatureTexts(emailTexts)
  const wallet = useEmbeddedWallet()
  const url = useAppState((s) => s.account.farcasterUrl)
  const encode = useQrEncoder()
  const [copied, setCopied] = useState<string>()
  const again = useCallback(() => beginFarcasterLogin(kit.context), [kit])
  const [state, retry] = useActionOnMount(again, data.attempt)
  return (
    <div className="center" data-testid="connecting-farcaster">
      <style>{emailStyles}</style>
      {et ? (
        <FarcasterSignIn
          state={state}
          url={url}
          encode={encode}
          mobile={kit.context.isMobile()}
          copied={url !== undefined && copied === url}
          onCopy={() => {
            if (url) void copyText(url).then((done) => done && setCopied(url))
          }}
          onRetry={retry}
          t={t}
          et={et}
        />
      ) : null}
      {state.status === 'error' ? null : <FrameSlot wallet={wallet} />}
    </div>
  )
}

export type FarcasterSignInProps = {
  state: ActionState
  /** The sign-in link (account state's farcasterUrl); absent until the frame answered it. */
  url: string | undefined
  encode: QrEncoder | null | undefined
  /** On a phone the link is the way (a QR code cannot be scanned on its own screen); elsewhere the QR code. */
  mobile: boolean
  copied: boolean
  onCopy(): void
  onRetry(): void
  t: Translate
  et: Translate<keyof typeof en & string>
}

/**
 * What ConnectingFarcaster shows, from its state alone (no hooks): the failure and Try again, the wait for
 * the link, or the link as a QR code (not on a phone), an anchor and a copy button while the frame waits
 * for the approval.
 */
export function FarcasterSignIn({
  state,
  url,
  encode,
  mobile,
  copied,
  onCopy,
  onRetry,
  t,
  et,
}: FarcasterSignInProps) {
  if (state.status === 'error')
    return (
      <>
        <p className="error" role="alert" data-testid="farcaster-error">
          {failure(state.error, t, et)}
        </p>
        <button type="button" className="primary" data-testid="farcaster-retry" onClick={onRetry}>
          {et('retry')}
        </button>
      </>
    )
  if (!url || (!mobile && encode === undefined)) return <Spinner label={et('farcasterLoading')} />
  return (
    <>
      {!mobile && encode ? (
        <div data-testid="farcaster-qr">
          <QrCode value={url} label={et('farcasterScan')} encode={encode} />
        </div>
      ) : null}
      <p className="muted">{mobile ? et('farcasterOpenHint') : et('farcasterScan')}</p>
      {/* A new browsing context: a relay's https page must not take the host page (and this login) away. */}
      <a
        className={mobile ? 'primary' : 'secondary'}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="farcaster-link"
      >
        {et('farcasterOpen')}
      </a>
      <button type="button" className="secondary" data-testid="farcaster-copy" onClick={onCopy}>
        {copied ? et('farcasterCopied') : et('farcasterCopy')}
      </button>
      <output className="muted" data-testid="farcaster-waiting">
        {et('farcasterWaiting')}
      </output>
    </>
  )
}

/**
 * The frame says an expired channel in words only (its error code is the one of every refusal): those words
 * are matched, as ConnectingWalletConnect matches an expired pairing's.
 */
function failure(error: unknown, t: Translate, et: Translate<keyof typeof en & string>): string {
  if (error instanceof Error && /expire/i.test(error.message)) return et('farcasterExpired')
  return et('farcasterFailed', { message: errorMessage(error, t) })
}
