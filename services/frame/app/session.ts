import { bytesToBase64url } from '@pairwise/crypto'
import { type FrameUser, frameErrorCodes, type SocialLoginProvider } from '@pairwise/engine/frame'
import type { LocalAccount } from 'viem'
import {
  type DeviceKeys,
  type LoginAnswer,
  openSealed,
  type SocialLoginAnswer,
} from '../../auth/protocol/index.js'
import {
  createWallet,
  type DeviceVault,
  exportSecret,
  lockShare,
  MIN_PASSPHRASE_DISTINCT_CHARACTERS,
  MIN_PASSPHRASE_LENGTH,
  passphraseProblem,
  rebuildAccount,
  recoveryKeyToLock,
  recoveryKeyToOpen,
  TamperedShareError,
  unlockShare,
} from '../custody/index.js'
import { type AuthClient, AuthRefusal } from './authClient.js'
import { FrameFailure } from './frameServer.js'
import { sealedSigner } from './sealedSigner.js'
import { codeScreen, noticeScreen, passphraseScreen } from './ui/screens.js'

type AccountType = FrameUser['preferredAccountType']

/** A social login's user may have no email (and then no code-based re-authentication either). */
export type SignedInUser = {
  email: string | undefined
  address: `0x${string}`
  walletId: string
  version: number
}

/** What a social login tells the host beside the user: the name the provider gave, when it gave one. */
export type SocialLogin = { userName: string | undefined }

/** A social user has no mailbox for a fresh code: a stale session means signing in with the provider again. */
const signInAgain = () => new FrameFailure(frameErrorCodes.unauthorized, 'Sign in again to confirm it is you')

const passphraseHints: Record<string, string> = {
  TOO_SHORT: `Use at least ${MIN_PASSPHRASE_LENGTH} characters (a few words make a good one).`,
  TOO_REPETITIVE: `Use at least ${MIN_PASSPHRASE_DISTINCT_CHARACTERS} different characters.`,
}

type PassphraseStep = {
  title: string
  detail: string
  action: string
  check?: (value: string) => string | undefined
  submit: (passphrase: string) => Promise<string | undefined>
}

/** What the passphrase form shows for a refusal of the recovery routes (the server's own words). */
function recoveryRefusal(error: unknown): string {
  if (error instanceof AuthRefusal && error.reason !== 'REAUTH_REQUIRED') return error.message
  throw error
}

/** The text the code form shows for a refusal: the server's, with the tries left when it said them. */
function codeRefusal(error: unknown): string {
  if (!(error instanceof AuthRefusal)) throw error
  if (error.reason === 'OTP_INVALID' && error.triesLeft !== undefined)
    return `${error.message}. ${error.triesLeft} ${error.triesLeft === 1 ? 'try' : 'tries'} left.`
  return error.message
}

/**
 * The signed-in state of this frame: login by email code, the wallet made or recovered on first use,
 * and the account rebuilt from the device share and the auth share whenever something is signed. The
 * key is kept for the session only sealed (sealedSigner), opened for each signature.
 */
export class FrameSession {
  #attempt: { attemptId: string; email: string } | undefined
  /** The device approval a code step is waiting for (CONNECT_DEVICE waits on it too). */
  #approval: Promise<LoginAnswer> | undefined
  #change: string | undefined
  #user: SignedInUser | undefined
  /** The token of the Farcaster login this frame started (GET_FARCASTER_URI), until it completes. */
  #farcasterChannel: string | undefined
  /** The account once opened this session, its key sealed (sealedSigner); forgotten on sign-out. */
  #signer: LocalAccount | undefined

  constructor(
    private readonly auth: AuthClient,
    private readonly vault: DeviceVault,
    private readonly deviceKeys: () => Promise<DeviceKeys>,
    /** How often the approval of a new device is asked after (the host's own timeout bounds the wait). */
    private readonly pollMs = 2000,
  ) {}

  get user(): SignedInUser | undefined {
    return this.#user
  }

  async startEmail(email: string) {
    const { action, attemptId } = await this.auth.startEmail(email)
    this.#attempt = { attemptId, email }
    if (action === 'CONNECT') await this.restore()
    return action
  }

  /**
   * CONNECT_DEVICE: waits for the device approval the code step asked for, if one is pending. The auth
   * service asks for it only after the code (so no one learns from email/start whether an email has an
   * account), which verifyCode then waits for itself: a host that asks first has nothing to wait for.
   */
  async waitForDevice(): Promise<void> {
    await this.#approval?.catch(() => undefined)
  }

  /** Checks the code (typed here unless the host passed one), then opens or makes the wallet. */
  async verifyCode(signal: AbortSignal, otp: string | undefined): Promise<void> {
    const attempt = this.#needAttempt()
    const verify = (code: string) => this.auth.verifyEmail(attempt.attemptId, code)
    let answer: Awaited<ReturnType<typeof verify>> | undefined
    if (otp !== undefined) answer = await verify(otp)
    else
      await codeScreen(signal, {
        title: 'Enter the code',
        detail: `We sent a 6-digit code to ${attempt.email}. It expires in 10 minutes.`,
        submit: (code) =>
          verify(code).then((verified) => {
            answer = verified
            return undefined
          }, codeRefusal),
      })
    if (!answer) throw new FrameFailure(frameErrorCodes.internal, 'Login did not complete')
    let login: LoginAnswer
    if ('action' in answer) {
      this.#approval = this.#awaitApproval(signal, attempt)
      login = await this.#approval.finally(() => {
        this.#approval = undefined
      })
    } else login = answer
    this.#attempt = undefined
    await this.#open(signal, login, login.user.email)
  }

  /** GET_SOCIAL_REDIRECT_URI: the provider's authorize URL for a login this device will redeem. */
  async startSocial(provider: SocialLoginProvider, returnPath: string | undefined): Promise<string> {
    return (await this.auth.startSocial(provider, returnPath)).uri
  }

  /**
   * CONNECT_SOCIAL: the ticket the provider's callback handed over, redeemed with this device's proof (a
   * ticket another device started is refused by the server), then the wallet opened or made as for email.
   */
  async connectSocial(signal: AbortSignal, ticket: string): Promise<SocialLogin> {
    let login: SocialLoginAnswer
    try {
      login = await this.auth.redeemSocial(ticket)
    } catch (error) {
      if (error instanceof AuthRefusal && error.status < 500)
        throw new FrameFailure(frameErrorCodes.unauthorized, error.message)
      throw error
    }
    await this.#open(signal, login, login.user.email ?? undefined)
    return { userName: login.user.name ?? undefined }
  }

  /** GET_FARCASTER_URI: a relay channel for this device and host; the `farcaster://` URL a Farcaster app scans. */
  async startFarcaster(): Promise<string> {
    const { channelToken, url } = await this.auth.startFarcaster()
    this.#farcasterChannel = channelToken
    return url
  }

  /**
   * CONNECT_FARCASTER: watches the channel (every `pollMs`, as the device approval) until a Farcaster app
   * approved it and the server verified the signed message, then opens the wallet as every login does.
   * A refusal (wrong nonce or domain, a signer that is not the fid's, an expired channel) ends the login.
   */
  async connectFarcaster(signal: AbortSignal): Promise<{ userName: string }> {
    const channelToken = this.#farcasterChannel
    if (!channelToken)
      throw new FrameFailure(frameErrorCodes.invalidParams, 'No Farcaster login is under way')
    while (!signal.aborted) {
      let answer: Awaited<ReturnType<AuthClient['connectFarcaster']>>
      try {
        answer = await this.auth.connectFarcaster(channelToken)
      } catch (error) {
        if (!(error instanceof AuthRefusal) || error.status >= 500) throw error
        this.#farcasterChannel = undefined
        throw new FrameFailure(frameErrorCodes.unauthorized, error.message)
      }
      if (answer.state === 'completed') {
        this.#farcasterChannel = undefined
        await this.#open(signal, answer, undefined)
        return { userName: answer.user.username }
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollMs))
    }
    throw new FrameFailure(frameErrorCodes.internal, 'The Farcaster login was cancelled')
  }

  /** The end of every login: the session kept, the wallet made (first login) or its share recovered here. */
  async #open(
    signal: AbortSignal,
    login: Pick<LoginAnswer, 'session' | 'wallet'>,
    email: string | undefined,
  ): Promise<void> {
    await this.vault.saveSession(login.session.token, login.session.expiresAt)
    const wallet = login.wallet ?? (await this.#makeWallet(signal, email))
    this.#user = { email, ...wallet, address: wallet.address as `0x${string}` }
    await this.#ensureDeviceShare(signal)
  }

  /** EMAIL-02 after the code: the account's mailbox approves this new device by its link; polled until then. */
  async #awaitApproval(
    signal: AbortSignal,
    attempt: { attemptId: string; email: string },
  ): Promise<LoginAnswer> {
    noticeScreen(
      'Approve this browser',
      `We sent a link to ${attempt.email}. Open it and press Approve: this continues by itself.`,
    )
    while (!signal.aborted) {
      const answer = await this.auth.waitForDevice(attempt.attemptId)
      if (answer.approved) {
        const { approved: _approved, ...login } = answer
        return login
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollMs))
    }
    throw new FrameFailure(frameErrorCodes.internal, 'Device approval was cancelled')
  }

  /** A live session of this device: the user, with the wallet checked to open. */
  async restore(): Promise<SignedInUser | undefined> {
    if (!(await this.vault.session())) return undefined
    try {
      const { user, wallet } = await this.auth.currentSession()
      if (!wallet) return undefined
      this.#user = {
        email: user.email ?? undefined,
        walletId: wallet.walletId,
        version: wallet.version,
        address: wallet.address as `0x${string}`,
      }
      return this.#user
    } catch (error) {
      if (error instanceof AuthRefusal && error.status === 401) {
        await this.vault.clearSession()
        return undefined
      }
      throw error
    }
  }

  /** The account type this session prefers, kept by the vault across the frame's reloads; EOA until set. */
  async preferredAccountType(): Promise<AccountType> {
    return (await this.vault.session())?.preferredAccountType ?? 'eoa'
  }

  async setPreferredAccountType(type: AccountType): Promise<void> {
    this.#needUser()
    await this.vault.savePreferredAccountType(type)
  }

  async signOut(): Promise<void> {
    await this.auth.signOut().catch(() => undefined)
    await this.vault.clearSession()
    this.#user = undefined
    this.#signer = undefined
  }

  /**
   * The account, rebuilt from the device and auth shares the first time this session signs and then kept
   * sealed (sealedSigner); a share that does not rebuild the stored address is never used.
   */
  async account(): Promise<LocalAccount> {
    const user = this.#needUser()
    if (this.#signer?.address === user.address) return this.#signer
    const device = await this.vault.loadDeviceShare()
    if (!device || device.walletId !== user.walletId)
      throw new FrameFailure(frameErrorCodes.unauthorized, 'This device holds no share of the wallet')
    const authShare = await this.#fetchAuthShare('sign')
    try {
      const { privateKey } = await exportSecret({ shares: [device.share, authShare], address: user.address })
      this.#signer = await sealedSigner(user.address, privateKey)
      return this.#signer
    } catch (error) {
      if (error instanceof TamperedShareError)
        throw new FrameFailure(
          frameErrorCodes.unauthorized,
          'A wallet share failed its check; nothing was signed',
        )
      throw error
    } finally {
      authShare.fill(0)
    }
  }

  /** The words and key, for the export screen only: needs a re-authentication within five minutes. */
  async exportWallet(signal: AbortSignal) {
    const user = this.#needUser()
    // A social login is itself fresh for 5 minutes; after that the server refuses and the user signs in again.
    if (user.email !== undefined) await this.#reauth(signal, user.email, 'Exporting needs a fresh code.')
    const device = await this.vault.loadDeviceShare()
    if (!device)
      throw new FrameFailure(frameErrorCodes.unauthorized, 'This device holds no share of the wallet')
    const authShare = await this.#fetchAuthShare('export')
    try {
      return await exportSecret({ shares: [device.share, authShare], address: user.address })
    } finally {
      authShare.fill(0)
    }
  }

  async changeEmail(newEmail: string) {
    const { action, changeId } = await this.auth.changeEmail(newEmail)
    this.#change = changeId
    return action
  }

  async confirmEmailChange(step: 'primary' | 'secondary', signal: AbortSignal, otp: string | undefined) {
    const changeId = this.#change
    if (!changeId) throw new FrameFailure(frameErrorCodes.invalidParams, 'No email change is in progress')
    const user = this.#needUser()
    let newEmail: string | undefined
    const confirm = async (code: string) => {
      if (step === 'primary') await this.auth.confirmEmailChangePrimary(changeId, code)
      else newEmail = (await this.auth.confirmEmailChangeSecondary(changeId, code)).newEmail
    }
    if (otp !== undefined) await confirm(otp)
    else
      await codeScreen(signal, {
        title: step === 'primary' ? 'Confirm your current email' : 'Confirm your new email',
        detail: step === 'primary' ? `We sent a code to ${user.email}.` : 'We sent a code to your new email.',
        submit: (code) => confirm(code).then(() => undefined, codeRefusal),
      })
    if (step === 'secondary' && newEmail) {
      this.#change = undefined
      this.#user = { ...user, email: newEmail }
    }
    return newEmail
  }

  async #fetchAuthShare(purpose: 'sign' | 'export'): Promise<Uint8Array> {
    const { sealed } = await this.auth.walletShare(purpose)
    const keys = await this.deviceKeys()
    return openSealed(keys.agreement.privateKey, sealed)
  }

  /**
   * The user's OPRF key applied to a blinded passphrase, by the auth service: the recovery key exists
   * only through it, and each call is a guess the server counts (services/auth/recoveryGuard.ts).
   */
  #evaluate = (blinded: string) => this.auth.evaluateRecovery(blinded)

  async #makeWallet(signal: AbortSignal, email: string | undefined) {
    const wallet = await createWallet()
    let made: { walletId: string; address: string; version: number } | undefined
    await this.#passphraseStep(signal, email, {
      title: 'Set a recovery passphrase',
      detail: `You will need it to open this wallet in another browser. At least ${MIN_PASSPHRASE_LENGTH} characters; it never leaves this secure frame.`,
      action: 'Create wallet',
      check: (value) => {
        const problem = passphraseProblem(value)
        return problem && passphraseHints[problem]
      },
      submit: async (passphrase) => {
        const binding = { walletId: wallet.walletId, version: 1 }
        const key = await recoveryKeyToLock(passphrase, this.#evaluate)
        const recovery = await lockShare(wallet.shares.recovery, key, binding)
        made = await this.auth.createWallet({
          walletId: wallet.walletId,
          address: wallet.address,
          authShare: bytesToBase64url(wallet.shares.auth),
          recovery,
          recoveryProof: key.proof,
        })
        await this.vault.saveDeviceShare({ ...binding, address: wallet.address, share: wallet.shares.device })
        return undefined
      },
    })
    wallet.shares.auth.fill(0)
    wallet.shares.recovery.fill(0)
    if (!made) throw new FrameFailure(frameErrorCodes.internal, 'The wallet was not created')
    return made
  }

  /**
   * A device without its share (a new browser) recovers it: the passphrase through the server's OPRF
   * gives the key and the proof, the server releases the blob (and the auth share) for the proof only.
   */
  async #ensureDeviceShare(signal: AbortSignal): Promise<void> {
    const user = this.#needUser()
    const held = await this.vault.loadDeviceShare()
    if (held?.walletId === user.walletId && held.version === user.version) return
    const binding = { walletId: user.walletId, version: user.version }
    await this.#passphraseStep(signal, user.email, {
      title: 'Enter your recovery passphrase',
      detail: 'This browser has not opened your wallet before.',
      action: 'Recover wallet',
      submit: async (passphrase) => {
        const key = await recoveryKeyToOpen(passphrase, this.#evaluate)
        let recovery: unknown
        try {
          ;({ recovery } = await this.auth.walletRecovery(key.proof))
        } catch (error) {
          return recoveryRefusal(error)
        }
        const share = await unlockShare(recovery, key, binding)
        const authShare = await this.#fetchAuthShare('sign')
        try {
          await rebuildAccount({ shares: [share, authShare], address: user.address })
        } finally {
          authShare.fill(0)
        }
        await this.vault.saveDeviceShare({ ...binding, address: user.address, share })
        return undefined
      },
    })
  }

  /**
   * A passphrase form whose submit goes through the recovery OPRF. The server evaluates only for a
   * session with a code from the last 5 minutes: when it asks for one, a new code is mailed and typed
   * here, then the passphrase is asked again. Its refusals (wrong passphrase, paused) show on the form.
   */
  async #passphraseStep(signal: AbortSignal, email: string | undefined, step: PassphraseStep): Promise<void> {
    for (;;) {
      let stale = false
      await passphraseScreen(signal, {
        ...step,
        submit: (passphrase) =>
          step.submit(passphrase).catch((error: unknown) => {
            if (!(error instanceof AuthRefusal && error.reason === 'REAUTH_REQUIRED'))
              return recoveryRefusal(error)
            stale = true
            return undefined
          }),
      })
      if (!stale) return
      if (email === undefined) throw signInAgain()
      await this.#reauth(signal, email, 'Your passphrase needs a code from the last 5 minutes.')
    }
  }

  /** A fresh code, mailed and typed here: the session counts as freshly authenticated for 5 minutes. */
  async #reauth(signal: AbortSignal, email: string, why: string): Promise<void> {
    const { attemptId } = await this.auth.startReauth()
    await codeScreen(signal, {
      title: 'Confirm it is you',
      detail: `We sent a new code to ${email}. ${why}`,
      submit: (code) => this.auth.verifyReauth(attemptId, code).then(() => undefined, codeRefusal),
    })
  }

  #needAttempt() {
    if (!this.#attempt) throw new FrameFailure(frameErrorCodes.invalidParams, 'Start with connect email')
    return this.#attempt
  }

  #needUser(): SignedInUser {
    if (!this.#user) throw new FrameFailure(frameErrorCodes.unauthorized, 'Not signed in')
    return this.#user
  }
}
