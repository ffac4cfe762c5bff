import { type FrameUser, frameErrorCodes, frameMethodKind, socialResultSchema } from '@pairwise/engine/frame'
import { formatSiwxMessage, matchSiwxMessage } from '@pairwise/engine/siwx'
import type { Address, Hex, LocalAccount, TypedDataDefinition } from 'viem'
import * as z from 'zod/mini'
import type { FrameChain, FrameConfig } from '../frameConfig.js'
import { type ChainRequest, personalMessage, typedDataSchema } from '../preview/index.js'
import { approvalRows } from './approvalRows.js'
import { AuthRefusal } from './authClient.js'
import {
  batchOf,
  batchRows,
  batchStatus,
  batchTransaction,
  batchWithinApproval,
  isEip7702Chain,
  needsDelegation,
  prepareBatch,
} from './batchCalls.js'
import { chainRpc } from './chainRpc.js'
import { FrameFailure, type Handlers } from './frameServer.js'
import { pendingDelegations } from './pendingDelegation.js'
import type { PendingSends } from './pendingSends.js'
import {
  feeOf,
  nextNonce,
  PREPARED_FEES_MAX_AGE_MS,
  prepareTransaction,
  shownFee,
  withinApproval,
} from './prepareTransaction.js'
import { assertSignerScope, assertTransactionScope } from './requestScope.js'
import type { FrameSession, SignedInUser } from './session.js'
import {
  isDeployedAt,
  isSmartAccountChain,
  pendingDeployments,
  type SmartAccountChain,
  simpleAccountAddress,
  simpleAccountOf,
  smartAccountNetworks,
} from './smartAccount.js'
import { applyTheme } from './theme.js'
import {
  approvalScreen,
  idleScreen,
  noticeScreen,
  type Row,
  ScreenAborted,
  secretScreen,
  typedConfirmScreen,
} from './ui/screens.js'
import { frameAssets, frameCapabilities } from './walletAssets.js'

/**
 * The smart account (a factory SimpleAccount) sends batches as UserOperations (wallet_sendCalls), and
 * nothing else: it holds no ERC-1271 to sign messages with. Such a request must not be signed as the EOA
 * behind the host's back, so it is refused and says how to go on.
 */
const smartAccountCannotSign = () =>
  new FrameFailure(
    frameErrorCodes.unsupportedMethod,
    'The smart account sends batches of calls (wallet_sendCalls) only: switch to the EOA account for this',
  )

/**
 * The UserOperation code (viem's bundler client and smart account) loads with the first smart account
 * batch or status: a frame whose user never acts as a smart account never downloads it.
 */
const userOperations = () => import('./userOperation.js')

/** A request whose parameters the approval could not read is refused as such. */
const invalidParams = (error: unknown): never => {
  if (error instanceof z.core.$ZodError)
    throw new FrameFailure(frameErrorCodes.invalidParams, 'Invalid request parameters')
  throw error
}

/**
 * Throws as an aborted screen does when the request ended (RPC_ABORT, a newer request) while it was being
 * prepared: nothing more is shown or signed for a request nobody waits for.
 */
const stillOpen = (signal: AbortSignal) => {
  if (signal.aborted) throw new ScreenAborted()
}

/** What an approval signs, being prepared since `preparedAt` (the frame's clock, in ms). */
type Preparation<P> = { preparing: Promise<P>; preparedAt: number }

/**
 * How approvePrepared makes, shows and sends one kind of transaction (a transaction, a batch, a
 * UserOperation).
 */
type Approving<P, T> = {
  title: string
  /** Prepares it as the account and the chain stand now. */
  prepare: () => Promise<P>
  /** The approval's rows for what `preparing` makes. */
  rowsOf: (preparing: Promise<P>) => Promise<Row[]>
  /**
   * Once approved, before it is signed: waits for what the account waits on, then says how the account
   * changed meanwhile, if it did so that `approved` no longer fits it.
   */
  recheck: (approved: P) => Promise<string | undefined>
  /** Whether what was prepared again may be signed on the approval of `approved`. */
  within: (prepared: P, approved: P) => boolean
  send: (prepared: P) => Promise<T>
}

/** Why an approval shows again: what its transaction was prepared against changed before it was signed. */
const accountChanged = 'Your account changed since this was first shown: check it again before you approve.'
const feeChanged = 'The network fee changed since this was first shown: check it again before you approve.'
/** Why an approval shows again: prepared again once approved, it is refused now (its rows say why). */
const nowFails = 'This would fail now, though it would not when first shown: see why below.'

/** The row of an approval whose UserOperation deploys the smart account. */
const deploysAccount: Row = {
  label: 'Account',
  value: 'the smart account is deployed with this operation',
  tone: 'warn',
}

/** How many of its UserOperations a frame remembers as its own until mined (wallet_getCallsStatus). */
const MAX_SENT_OPERATIONS = 32

/**
 * What the frame does for each event of engine/frame. Unsafe methods run only after the user approved
 * them on this frame's own screen; the host learns results, never secrets.
 */
export function frameHandlers({
  config,
  hostOrigin,
  session,
  onSignedOut,
  now = Date.now,
}: {
  config: FrameConfig
  hostOrigin: string
  session: FrameSession
  /** The frame ended the session itself (the server refused it): the host shows the visitor signed out. */
  onSignedOut: () => void
  /** The clock, in ms, that tells how long an approval stayed open (tests set it). */
  now?: () => number
}): Handlers {
  let chain = config.chains[0]
  let dappName: string | undefined
  /**
   * The request in progress, from its arrival (an unsafe one's, before it is prepared) to its answer, with
   * the screens it shows: RPC_ABORT and a new request end it.
   */
  let pending: AbortController | undefined
  /** The request whose screen the page shows, if any: it ends with that request (idle again). */
  let onScreen: AbortSignal | undefined
  /**
   * The UserOperations this frame sent, newest last, at most `MAX_SENT_OPERATIONS`: a bundler tells of an
   * operation only once mined, so these are what wallet_getCallsStatus may call pending before that.
   */
  const sentOperations: Hex[] = []
  /** The delegating transactions this frame sent, until mined: the account's next ones wait for them. */
  const delegations = pendingDelegations()
  /** The UserOperations deploying a smart account this frame sent, until mined: its next ones wait for them. */
  const deployments = pendingDeployments()

  const toIdle = () => {
    onScreen = undefined
    idleScreen(hostOrigin)
  }
  const begin = () => {
    pending?.abort()
    // The ended request's screen must not stay up, inert, while the new one is prepared.
    if (onScreen) toIdle()
    pending = new AbortController()
    return pending.signal
  }
  /** The request of `signal` is about to show a screen, which it may only while it is still open. */
  const showing = (signal: AbortSignal) => {
    stillOpen(signal)
    onScreen = signal
  }
  const settle = (signal: AbortSignal) => {
    if (pending?.signal === signal) pending = undefined
    // A request refused before it showed anything leaves the page as it was.
    if (onScreen === signal) toIdle()
  }
  /** `run` as the request in progress until it answers; an aborted screen of it answers `aborted`. */
  const asRequest = async <T>(run: (signal: AbortSignal) => Promise<T>, aborted: string): Promise<T> => {
    const signal = begin()
    try {
      return await run(signal)
    } catch (error) {
      if (error instanceof ScreenAborted) throw new FrameFailure(frameErrorCodes.userRejected, aborted)
      throw error
    } finally {
      settle(signal)
    }
  }
  /** A request whose screens (a code, a passphrase) may show from its start. */
  const withScreen = <T>(run: (signal: AbortSignal) => Promise<T>, aborted: string): Promise<T> =>
    asRequest((signal) => {
      showing(signal)
      return run(signal)
    }, aborted)
  const activeChain = (): FrameChain => {
    if (!chain) throw new FrameFailure(frameErrorCodes.unknownChain, 'No chain is configured for this wallet')
    return chain
  }
  const findChain = (chainId: number | string): FrameChain => {
    const found = config.chains.find((c) => c.chainId === Number(String(chainId).replace(/^eip155:/, '')))
    if (!found)
      throw new FrameFailure(frameErrorCodes.unknownChain, `Chain ${chainId} is not supported by this wallet`)
    return found
  }
  const signedIn = (): SignedInUser => {
    const user = session.user
    if (!user) throw new FrameFailure(frameErrorCodes.unauthorized, 'Not signed in')
    return user
  }
  /** Smart accounts on `c`: the operator serves them there and the project turned them on (FRAME-13). */
  const smartAccountOn = (c: FrameChain): c is SmartAccountChain =>
    isSmartAccountChain(c) && config.smartAccountNetworks.includes(c.chainId)
  /** A chain without smart accounts has the EOA only, whatever type the session prefers elsewhere. */
  const smartAccountChain = () => {
    const current = activeChain()
    if (!isSmartAccountChain(current))
      throw new FrameFailure(
        frameErrorCodes.unsupportedMethod,
        `${current.name} has no smart accounts in this wallet`,
      )
    if (!config.smartAccountNetworks.includes(current.chainId))
      throw new FrameFailure(
        frameErrorCodes.unsupportedMethod,
        `Smart accounts are not enabled for this project on ${current.name}`,
      )
    return current
  }
  const smartAccountOf = (user: SignedInUser) => {
    const current = smartAccountChain()
    return simpleAccountOf(chainRpc(current), current, user.address)
  }
  const asSmartAccount = async () =>
    smartAccountOn(activeChain()) && (await session.preferredAccountType()) === 'smartAccount'
  /** The address the host sees as the account: the preferred type's (eth_accounts, the user's address). */
  const preferredAddress = async (user: SignedInUser) =>
    (await asSmartAccount()) ? (await smartAccountOf(user)).address : user.address
  const frameUser = async (user: SignedInUser): Promise<FrameUser> => {
    const chainId = activeChain().chainId
    const eoa = { address: user.address, type: 'eoa' as const }
    // A social user may have no email: the field is left out, not sent empty.
    const email = user.email === undefined ? {} : { email: user.email }
    if (!smartAccountOn(activeChain()))
      return {
        ...email,
        address: user.address,
        chainId,
        accounts: [eoa],
        preferredAccountType: 'eoa',
      }
    const [smart, preferred] = await Promise.all([smartAccountOf(user), session.preferredAccountType()])
    return {
      ...email,
      address: preferred === 'smartAccount' ? smart.address : user.address,
      chainId,
      accounts: [eoa, { address: smart.address, type: 'smartAccount' }],
      preferredAccountType: preferred,
      smartAccountDeployed: smart.isDeployed,
    }
  }

  const approveThen = async <T>(
    signal: AbortSignal,
    title: string,
    rows: Row[],
    act: () => Promise<T>,
    warning?: string,
  ) => {
    showing(signal)
    const approved = await approvalScreen(signal, {
      title,
      origin: hostOrigin,
      rows,
      ...(dappName ? { dappName } : {}),
      ...(warning ? { warning } : {}),
    })
    if (!approved) throw new FrameFailure(frameErrorCodes.userRejected, 'User rejected the request.')
    return act()
  }
  /**
   * A signature is made while its approval shows and leaves the frame only on Approve (dropped on
   * Reject or abort), so Approve answers at once. Made early, it is as safe as the key it comes from,
   * which this frame holds anyway; a failure to make it is reported once approved, as before.
   */
  const approveSignature = (
    signal: AbortSignal,
    title: string,
    rows: Row[],
    sign: (account: LocalAccount) => Promise<Hex>,
  ) => {
    stillOpen(signal)
    const signature = session.account().then(sign)
    signature.catch(() => undefined)
    return approveThen(signal, title, rows, () => signature)
  }

  /**
   * wallet_sendCalls from the smart account: ONE UserOperation through the chain's bundler (deploying the
   * account first when it has no code), prepared before the approval (once the operation deploying the
   * account, if this frame sent one, is mined) so that it shows every call of the batch, sent from the
   * account's address, and the operation's own fee, or why the bundler refused it; once approved, that very
   * operation is signed and sent (approvePrepared: prepared again when its fees are stale, or when the
   * account was deployed meanwhile, so that it deploys it no more; a refused one answers the refusal,
   * unsigned). Its hash is the batch's id.
   */
  const sendSmartAccountCalls = async (
    signal: AbortSignal,
    user: SignedInUser,
    current: SmartAccountChain,
    params: readonly unknown[],
  ) => {
    const rpc = chainRpc(current)
    const address = await simpleAccountAddress(rpc, current, user.address)
    const calls = batchOf(params, current, address)
    const { prepareUserOperation } = await userOperations()
    const owner = await session.account()
    await afterDeployment(signal, rpc, current, address)
    // Whether the account has code, as last read: what is prepared and shown next deploys it unless it has.
    let deployed = await isDeployedAt(rpc, address)
    return approvePrepared(signal, {
      title: `Send ${calls.length} calls in one operation`,
      prepare: () => prepareUserOperation({ chain: current, owner, address, calls }),
      rowsOf: async (preparing) => [
        ...(await batchRows({
          request: rpc,
          chain: current,
          from: address,
          calls,
          delegates: false,
          ...(await shownFee(preparing.then(({ fee }) => fee))),
        })),
        ...(deployed ? [] : [deploysAccount]),
      ],
      recheck: async (approved) => {
        await afterDeployment(signal, rpc, current, address)
        deployed = await isDeployedAt(rpc, address)
        return deployed === (approved.operation.factory === undefined) ? undefined : accountChanged
      },
      within: (prepared, approved) => withinApproval(prepared.fee, approved.fee),
      send: async (prepared) => {
        const id = await prepared.send()
        if (prepared.operation.factory !== undefined) deployments.sent(current.chainId, address, id)
        sentOperations.push(id)
        sentOperations.splice(0, sentOperations.length - MAX_SENT_OPERATIONS)
        return { id }
      },
    })
  }

  /**
   * Resolves once what this frame sent from `from` on `current` that `sends` holds, if anything, is mined,
   * the frame saying meanwhile that the request waits for it (`what` it does); the request's `signal` (the
   * host's abort or a newer request) ends the wait as it ends an approval.
   */
  const afterSent = async (
    signal: AbortSignal,
    sends: PendingSends,
    rpc: ChainRequest,
    current: FrameChain,
    from: Address,
    what: string,
  ) => {
    if (!sends.pending(current.chainId, from)) return
    showing(signal)
    noticeScreen(
      'Waiting for your previous transaction',
      `${what} and is not confirmed yet: this request goes on once it is.`,
    )
    await sends.mined(rpc, current.chainId, from, signal)
    toIdle()
  }
  /** afterSent for the delegating transaction this frame sent from `from`, if any. */
  const afterDelegation = (signal: AbortSignal, rpc: ChainRequest, current: FrameChain, from: Address) =>
    afterSent(signal, delegations, rpc, current, from, 'It makes this account a smart account')
  /** afterSent for the operation deploying the smart account at `address` this frame sent, if any. */
  const afterDeployment = (signal: AbortSignal, rpc: ChainRequest, current: FrameChain, address: Address) =>
    afterSent(signal, deployments, rpc, current, address, 'It deploys this smart account')

  /** `prepare` begun now: once approved, its age tells whether the fees it read still hold. */
  const preparedNow = <P>(prepare: () => Promise<P>): Preparation<P> => ({
    preparedAt: now(),
    preparing: prepare(),
  })

  /**
   * The approval of what `approving` prepares (begun here unless it was, shown with `warning` if any), then
   * that signed and sent once approved. Once approved, it is prepared again when it is older than
   * PREPARED_FEES_MAX_AGE_MS (the chain's fees may have outgrown it) or the account changed meanwhile
   * (`recheck`): signed on this approval when it costs no more than shown (`within`), shown for approval
   * again otherwise, saying what changed, or that it would fail now when it is refused.
   */
  const approvePrepared = async <P, T>(
    signal: AbortSignal,
    approving: Approving<P, T>,
    { preparing, preparedAt }: Preparation<P> = preparedNow(approving.prepare),
    warning?: string,
  ): Promise<T> =>
    approveThen(
      signal,
      approving.title,
      await approving.rowsOf(preparing),
      async () => {
        const approved = await preparing
        const changed = await approving.recheck(approved)
        if (changed === undefined && now() - preparedAt < PREPARED_FEES_MAX_AGE_MS)
          return approving.send(approved)
        const anew = preparedNow(approving.prepare)
        // One the chain now refuses to prepare is shown again too, with the chain's reason, and not signed:
        // that it would fail is the news, not why it was prepared again.
        const prepared = await anew.preparing.catch(() => undefined)
        if (prepared && approving.within(prepared, approved)) return approving.send(prepared)
        return approvePrepared(signal, approving, anew, prepared ? (changed ?? feeChanged) : nowFails)
      },
      warning,
    )

  /**
   * wallet_sendCalls: every call of the batch on the approval, with the fee of the one transaction from
   * the user's own address to itself (EIP-7702, delegating first if need be) that runs it, prepared before
   * the approval (once the account's delegating transaction, if this frame sent one, is mined); once
   * approved, that very transaction is signed and sent (approvePrepared). It is signed once the account's
   * delegating transaction, if this frame sent one meanwhile, is mined; if that changed the account's
   * delegation since it was prepared, it is prepared again, and delegates no more than shown unless approved
   * again. Its hash is the batch's id.
   */
  const sendCalls = async (
    signal: AbortSignal,
    user: SignedInUser,
    current: FrameChain,
    params: readonly unknown[],
  ) => {
    // Refused as unsupported, so the modal sends the calls one by one instead.
    if (!isEip7702Chain(current))
      throw new FrameFailure(
        frameErrorCodes.unsupportedMethod,
        `Batched calls are not available on ${current.name} in this wallet`,
      )
    const rpc = chainRpc(current)
    const from = user.address
    const calls = batchOf(params, current, from)
    await afterDelegation(signal, rpc, current, from)
    // Whether the account needs the delegation, as last read: what is prepared and shown next carries it.
    let delegates = await needsDelegation(rpc, current, from)
    return approvePrepared(signal, {
      title: `Send ${calls.length} calls in one transaction`,
      prepare: () => prepareBatch({ request: rpc, chain: current, from, calls, delegates }),
      rowsOf: async (preparing) =>
        batchRows({
          request: rpc,
          chain: current,
          from,
          calls,
          delegates,
          ...(await shownFee(preparing.then(feeOf))),
        }),
      recheck: async (approved) => {
        await afterDelegation(signal, rpc, current, from)
        delegates = await needsDelegation(rpc, current, from)
        return delegates === approved.delegates ? undefined : accountChanged
      },
      within: batchWithinApproval,
      send: async (prepared) => {
        const account = await session.account()
        const transaction = await batchTransaction({ request: rpc, chain: current, account, prepared })
        const id = (await rpc('eth_sendRawTransaction', [await account.signTransaction(transaction)])) as Hex
        if (prepared.delegates) delegations.sent(current.chainId, from, id)
        return { id }
      },
    })
  }

  /**
   * eth_sendTransaction, refused at once when it names another sender or chain (assertTransactionScope): its
   * gas and fees prepared before the approval (once the account's delegating transaction, if this frame sent
   * one, is mined), which shows what they cost at most; once approved, they are signed as shown
   * (approvePrepared), at the account's nonce then (once a delegating transaction this frame sent while the
   * approval was open is mined: the node's pending nonce does not count its authorization's).
   */
  const sendTransaction = async (
    signal: AbortSignal,
    user: SignedInUser,
    current: FrameChain,
    params: readonly unknown[],
  ) => {
    assertTransactionScope(params[0], current, user.address)
    const rpc = chainRpc(current)
    await afterDelegation(signal, rpc, current, user.address)
    return approvePrepared(signal, {
      title: 'Send a transaction',
      prepare: () => prepareTransaction(rpc, current, user.address, params[0]),
      rowsOf: async (preparing) =>
        approvalRows({
          method: 'eth_sendTransaction',
          params,
          from: user.address,
          chain: current,
          request: rpc,
          ...(await shownFee(preparing.then(feeOf))),
        }).catch(invalidParams),
      recheck: async () => {
        await afterDelegation(signal, rpc, current, user.address)
        return undefined
      },
      within: (prepared, approved) => withinApproval(feeOf(prepared), feeOf(approved)),
      send: async (prepared) => {
        const transaction = { ...prepared, nonce: await nextNonce(rpc, user.address) }
        const raw = await (await session.account()).signTransaction(transaction)
        return rpc('eth_sendRawTransaction', [raw])
      },
    })
  }

  /** An unsafe request, `signal` its own since it arrived: it shows and signs nothing once that ends. */
  const unsafe = async (
    signal: AbortSignal,
    method: string,
    params: readonly unknown[],
  ): Promise<unknown> => {
    const user = signedIn()
    const current = activeChain()
    const rpc = chainRpc(current)
    if (method === 'pairwise_exportWallet') {
      showing(signal)
      await typedConfirmScreen(
        signal,
        'export',
        'Your recovery phrase gives full control of this wallet. Type export to show it here.',
      )
      const secret = await session.exportWallet(signal)
      await secretScreen(signal, { words: secret.mnemonic, privateKey: secret.privateKey })
      return null
    }
    if (await asSmartAccount()) {
      if (method !== 'wallet_sendCalls' || !smartAccountOn(current)) throw smartAccountCannotSign()
      return sendSmartAccountCalls(signal, user, current, params)
    }
    if (method === 'wallet_sendCalls') return sendCalls(signal, user, current, params)
    if (method === 'eth_sendTransaction') return sendTransaction(signal, user, current, params)
    assertSignerScope(method, params, user.address)
    const rows = await approvalRows({
      method,
      params,
      from: user.address,
      chain: current,
      request: rpc,
    }).catch(invalidParams)
    if (method === 'personal_sign')
      return approveSignature(signal, 'Sign a message', rows, (account) =>
        account.signMessage({ message: personalMessage(params[0] as string) }),
      )
    // eth_signTypedData_v4, the one unsafe method left: the typed data the rows were made from, with its
    // domain declared, so viem infers nothing.
    const typed: TypedDataDefinition<Record<string, unknown>, string> = typedDataSchema.parse(params[1])
    return approveSignature(signal, 'Sign data', rows, (account) => account.signTypedData(typed))
  }

  return {
    SWITCH_NETWORK: async ({ chainId }) => {
      chain = findChain(chainId)
      return { chainId: chain.chainId }
    },
    CONNECT_EMAIL: async ({ email }) => ({ action: await session.startEmail(email) }),
    CONNECT_DEVICE: async () => {
      await session.waitForDevice()
      return {}
    },
    CONNECT_OTP: ({ otp }) =>
      withScreen(async (signal) => {
        await session.verifyCode(signal, otp)
        return {}
      }, 'Something went wrong'),
    GET_SOCIAL_REDIRECT_URI: async ({ provider, returnPath }) => ({
      uri: await session.startSocial(provider, returnPath),
    }),
    /** SOC-04: `uri` is the ticket the callback handed back; the wallet may ask for a passphrase here. */
    CONNECT_SOCIAL: async ({ uri, chainId }) => {
      const ticket = socialResultSchema.shape.resultUri.safeParse(uri)
      if (!ticket.success)
        throw new FrameFailure(frameErrorCodes.invalidParams, 'Invalid social login result')
      if (chainId !== undefined) chain = findChain(chainId)
      const { userName } = await withScreen(
        (signal) => session.connectSocial(signal, ticket.data),
        'Something went wrong',
      )
      const user = await frameUser(signedIn())
      return userName === undefined ? user : { ...user, userName }
    },
    /** SOC-05: the relay channel's URL, for the host to show as a QR code and a deep link. */
    GET_FARCASTER_URI: async () => ({ url: await session.startFarcaster() }),
    /** SOC-05: resolves once a Farcaster app approved the sign-in; the wallet may ask for a passphrase here. */
    CONNECT_FARCASTER: () => withScreen((signal) => session.connectFarcaster(signal), 'Something went wrong'),
    GET_USER: async ({ chainId, siwxMessage }) => {
      if (chainId !== undefined) chain = findChain(chainId)
      const user = session.user ?? (await session.restore())
      if (!user) throw new FrameFailure(frameErrorCodes.unauthorized, 'Not signed in')
      if (!siwxMessage) return frameUser(user)
      if (await asSmartAccount()) throw smartAccountCannotSign()
      const message = siwxMessage.serializedMessage ?? formatSiwxMessage(siwxMessage)
      const host = new URL(hostOrigin)
      // A host may ask for a sign-in to itself only: never to another site's domain.
      if (
        siwxMessage.domain !== host.host ||
        new URL(siwxMessage.uri).origin !== hostOrigin ||
        siwxMessage.accountAddress.toLowerCase() !== user.address.toLowerCase()
      )
        throw new FrameFailure(frameErrorCodes.unauthorized, 'The sign-in message is not for this site')
      let fields: ReturnType<typeof matchSiwxMessage>
      try {
        fields = matchSiwxMessage(message, siwxMessage)
      } catch {
        throw new FrameFailure(frameErrorCodes.invalidParams, 'The sign-in message does not match its data')
      }
      // Signed with no screen (AppKit's one-click auth), so it may grant nothing the user did not see:
      // resources (ReCaps above all) delegate rights; such a sign-in goes through personal_sign's approval.
      if ((fields.resources ?? []).length > 0)
        throw new FrameFailure(
          frameErrorCodes.unauthorized,
          'A sign-in with resources needs the user’s approval: ask for it with personal_sign',
        )
      const signature = await (await session.account()).signMessage({ message })
      return { ...(await frameUser(user)), message, signature, siwxMessage }
    },
    SIGN_OUT: async () => {
      pending?.abort()
      await session.signOut()
      return {}
    },
    IS_CONNECTED: async () => ({ isConnected: Boolean(session.user ?? (await session.restore())) }),
    GET_CHAIN_ID: async () => ({ chainId: activeChain().chainId }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({
      smartAccountEnabledNetworks: smartAccountNetworks(config.chains, config.smartAccountNetworks),
    }),
    INIT_SMART_ACCOUNT: async () => smartAccountOf(signedIn()),
    SET_PREFERRED_ACCOUNT: async ({ type }) => {
      const user = signedIn()
      // The address first: a chain that cannot give it keeps the type the session had.
      const address = type === 'eoa' ? user.address : (await smartAccountOf(user)).address
      await session.setPreferredAccountType(type)
      return { type, address }
    },
    RPC_REQUEST: async ({ method, params, chainId }) => {
      const requested = findChain(chainId)
      if (requested.chainId !== activeChain().chainId)
        throw new FrameFailure(frameErrorCodes.unknownChain, 'Switch network before asking for this chain')
      const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
      const kind = frameMethodKind(method)
      if (kind === 'refused') throw new FrameFailure(frameErrorCodes.unsupportedMethod, 'Action not allowed')
      if (method === 'eth_accounts' || method === 'eth_requestAccounts')
        return session.user ? [await preferredAddress(session.user)] : []
      if (method === 'eth_chainId') return `0x${requested.chainId.toString(16)}`
      if (method === 'wallet_getCapabilities') {
        const smart = await asSmartAccount()
        return frameCapabilities(config.chains, await preferredAddress(signedIn()), list, (chain) =>
          smart ? smartAccountOn(chain) : chain.eip7702 !== undefined,
        )
      }
      // A batch's status is the chain's (or its bundler's, for a UserOperation); showing it is the app's
      // (the frame has no view of past batches).
      if (method === 'wallet_getCallsStatus' || method === 'wallet_showCallsStatus') {
        const user = signedIn()
        const operation = smartAccountOn(requested)
          ? await (await userOperations()).userOperationStatus(
              requested,
              (await simpleAccountOf(chainRpc(requested), requested, user.address)).address,
              list[0],
              (id) => sentOperations.includes(id),
            )
          : undefined
        const status = operation ?? (await batchStatus(chainRpc(requested), requested, user.address, list))
        return method === 'wallet_getCallsStatus' ? status : null
      }
      if (method === 'wallet_getAssets')
        return frameAssets(config.chains, await preferredAddress(signedIn()), list)
      if (kind === 'safe') return chainRpc(requested)(method, list)
      try {
        return await asRequest((signal) => unsafe(signal, method, list), 'Request was aborted')
      } catch (error) {
        // The session ended on the server (expired, revoked): this frame forgets it and tells the host.
        if (error instanceof AuthRefusal && error.status === 401) {
          await session.signOut()
          onSignedOut()
        }
        throw error
      }
    },
    UPDATE_EMAIL: async ({ email }) => {
      signedIn()
      return { action: await session.changeEmail(email) }
    },
    UPDATE_EMAIL_PRIMARY_OTP: ({ otp }) =>
      withScreen(async (signal) => {
        await session.confirmEmailChange('primary', signal, otp)
        return {}
      }, 'Something went wrong'),
    UPDATE_EMAIL_SECONDARY_OTP: ({ otp }) =>
      withScreen(async (signal) => {
        const newEmail = await session.confirmEmailChange('secondary', signal, otp)
        if (!newEmail) throw new FrameFailure(frameErrorCodes.internal, 'The email was not changed')
        return { newEmail }
      }, 'Something went wrong'),
    SYNC_THEME: async (theme) => {
      applyTheme(theme)
      return {}
    },
    SYNC_DAPP_DATA: async ({ metadata }) => {
      dappName = metadata?.name
      return {}
    },
    RELOAD: async () => {
      setTimeout(() => location.reload(), 0)
      return {}
    },
    RPC_ABORT: async () => {
      pending?.abort()
      return {}
    },
  }
}
