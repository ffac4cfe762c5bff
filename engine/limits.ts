// What a peer can make the engine hold. Peers are strangers until the user approves them, and whatever
// they send is kept in memory and in storage (a browser's quota, a phone's disk) and drawn in the UI, so
// every such thing has a cap. Each is far above what an honest peer sends; README.md lists them, and
// engine/assertRoom.ts refuses what would pass them.

/** Real app names are a few words (app stores cap theirs at 30 to 50 characters). */
export const MAX_METADATA_NAME_LENGTH = 256
/** Store listings cap long descriptions at 4,000 characters; a wallet shows a line or two. */
export const MAX_METADATA_DESCRIPTION_LENGTH = 4_096
/** `url`, `verifyUrl` and the redirect links: 2,048 is the longest URL browsers and CDNs reliably carry. */
export const MAX_METADATA_URL_LENGTH = 2_048
/** Dapps send one to four icon sizes; a wallet draws one. */
export const MAX_METADATA_ICONS = 8
/** One icon: an https URL, or a `data:` image of up to about 24 KB, more than any logo needs. */
export const MAX_METADATA_ICON_LENGTH = 32_768
/** All metadata as stored (JSON, UTF-8): bounds what each pairing, proposal and session carries. */
export const MAX_METADATA_BYTES = 65_536

/**
 * Proposals waiting on one pairing. A dapp re-proposes when one expires (five minutes) and rarely has
 * more than one open; ten covers reloads and retries.
 */
export const MAX_PROPOSALS_PER_PAIRING = 10
/** Proposals waiting in all: no person answers a hundred connection prompts at once. */
export const MAX_PROPOSALS = 100
/**
 * Requests waiting on one session. The wallet shows them one at a time; a dapp batching transactions
 * sends a handful, and fifty is a queue nobody will work through.
 */
export const MAX_PENDING_REQUESTS_PER_SESSION = 50
/** Requests waiting in all, over every session: ten sessions at their cap. */
export const MAX_PENDING_REQUESTS = 500

/** Peers remembered as taking link mode; a person uses a handful of wallets and dapps. Oldest go first. */
export const MAX_LINK_MODE_APPS = 100
/**
 * A link carrying a message: the relay's message cap (256 KiB, so a link holds no more than the relay
 * would), the peer's universal link and the query around them. Longer links are dropped unread.
 */
export const MAX_LINK_MODE_URL_LENGTH = 262_144 + MAX_METADATA_URL_LENGTH + 128

/**
 * Link messages a client remembers having taken, so a link opened again (a reload, a replay by another
 * page) is not taken twice; the oldest is forgotten first.
 */
export const MAX_LINK_MODE_SEEN = 1_000
