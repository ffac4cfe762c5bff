/**
 * The numbers both ends of the secure frame channel agree on (spec §9). Timeouts fail only the request
 * they belong to: AppKit aborts every pending request on one timeout, we do not (research §1.2).
 */

/** The channel's own version, in every envelope; a frame refuses a handshake of a version it lacks. */
export const frameProtocolVersion = 1

/** CONST-11: the sdk version the modal reports, in the frame address and in the dapp data it syncs. */
export const sdkVersion = '1.7.13'
/** ENT-16: who the dapp data says is calling; ours, so the frame's logs tell the two toolkits apart. */
export const sdkType = 'pairwise'

/** FRAME-15 */
export const frameLoadTimeoutMs = 20_000
/** FRAME-16: connect email, connect device, connect otp, connect social, get social redirect uri. */
export const frameRequestTimeoutMs = 120_000
/** FRAME-10 */
export const signOutWaitMs = 3_000
/** FRAME-02 */
export const frameReadyDelayMs = 500
/** ERR-24: a method outside the whitelist is refused this long after it was asked, never sooner. */
export const disallowedMethodDelayMs = 300
/**
 * The largest envelope either end reads, as UTF-16 code units of its JSON (research §1.2: ~256 KB).
 * The biggest honest message is a typed-data signature request; 256 KiB holds any wallet would sign.
 */
export const maxFrameMessageLength = 256 * 1024
/** How long the frame must have been visible before its confirm button takes a click (clickjacking). */
export const approveVisibleMs = 700
/** EMAIL-11: an email longer than this is shortened for display. */
export const longEmailLength = 30
/** EMAIL-10: the modal sends no second login email within this long of the last. */
export const emailThrottleMs = 30_000
/** EMAIL-05: the code form asks for this many digits (the spec gives no bound; the auth service mails 6). */
export const otpLength = 6
/**
 * SOC-04: how a social login's ticket comes back to the host page: the callback window posts a message of
 * this type to the page that opened it, or (redirect mode) sends the page back with the ticket in this
 * query parameter, which the modal strips on read.
 */
export const socialResultType = 'PAIRWISE_SOCIAL_RESULT'
export const socialResultParam = 'pw_result'
