// What a peer can make the engine hold, and send. Peers are strangers until the user approves them, and whatever
// they send is kept in memory and in storage (a browser's quota, a phone's disk) and drawn in the UI, so
// every such thing has a cap. Each is far above what an honest peer sends; README.md lists them, and
// engine/assertRoom.ts refuses what would pass them.

import { FIVE_MINUTES, ONE_DAY, ONE_HOUR } from './time.js'

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
/**
 * The requests waiting on one session, each counted as the length of its entry's JSON as stored: params
 * and verify context (two of the peer's metadata URLs, up to 4 KiB a request), in UTF-16 code units as a
 * localStorage quota counts them. The counts alone let one session store 50 relay messages of 256 KiB,
 * 12.8 MB, past a browser's storage quota of about 5 MB per origin, after which the wallet's other writes
 * fail. A batch of calls deploying a contract is about 100 KB; 512 KiB holds five,
 * or two of the largest requests the relay carries.
 */
export const MAX_PENDING_REQUEST_BYTES_PER_SESSION = 524_288
/** As above, over every session: four sessions at their cap, leaving most of the quota to the rest. */
export const MAX_PENDING_REQUEST_BYTES = 2_097_152

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

/**
 * How long a peer's proposal is held at most, in seconds: the protocol's proposal lifetime, which is what
 * dapps ask. A later expiry is cut to it, so a proposal cannot keep its place under MAX_PROPOSALS for
 * good; it also goes with its pairing, and one already expired is refused.
 */
export const MAX_PROPOSAL_LIFETIME = FIVE_MINUTES
/**
 * A sign-in request: the protocol's lifetime for one, an hour, which the official dapps ask by default.
 * Cut, dropped with its pairing and refused when expired, as a proposal is; its pairing is held as long
 * as it is (engine/pairing/activate.ts), so this also bounds how long a request keeps a pairing.
 */
export const MAX_SIGN_IN_REQUEST_LIFETIME = ONE_HOUR

/**
 * A pairing URI a wallet is handed. A real one is about 200 characters: a 64-digit topic and key, the
 * relay protocol, an expiry and a method or two; 2,048 is the longest URL browsers and QR readers carry.
 */
export const MAX_PAIRING_URI_LENGTH = 2_048
/** Methods a pairing URI names; the official clients name one (`wc_sessionAuthenticate`) or none. */
export const MAX_PAIRING_URI_METHODS = 64
/** One method name in a pairing URI; the longest wc_ method is 22 characters. */
export const MAX_PAIRING_URI_METHOD_LENGTH = 64

/**
 * Request ids remembered per topic against replay (`engine/inbound/replay.ts`); an honest peer sends a
 * handful of requests, events and pings an hour. Past the cap the oldest id is forgotten and the topic's
 * floor rises to it, so forgetting never lets a replay in. Each request rewrites its topic's list, which
 * the cap keeps to about 9 KB.
 */
export const MAX_RECEIVED_IDS_PER_TOPIC = 200
/**
 * Request ids remembered in all, over every topic: ten topics at their cap. Past it the fullest topic's
 * oldest id goes, as above, so a topic holding no more than its share keeps all of its own.
 */
export const MAX_RECEIVED_IDS = 2_000
/**
 * How long a received request id is remembered, in seconds: a day, the longest TTL in the Sign methods'
 * table. Then it goes under its topic's floor, which refuses it however late it comes again; so the day
 * bounds only how far out of order a peer's requests may arrive and all still be taken.
 */
export const RECEIVED_ID_RETENTION = ONE_DAY

/**
 * Answers the engine gives a peer by itself on one topic, per minute (engine/transport/answerBudget.ts):
 * to its pings, extends and updates, and the errors refusing what it should not have sent. Each is a
 * publish, and the relay limits a client's publishes (ours: bursts of 200, then 50 a second), so a peer
 * sending as fast as its relay lets it would have the relay refuse the user's own messages on every topic.
 * Honest peers ping on demand and are refused only by mistake, a few times a minute at most. All twenty may
 * go at once, then one every three seconds; past that a request is dropped unanswered, as an error would
 * itself be a publish. Twenty keeps a hostile pairing and session to 40 of the relay's burst of 200.
 */
export const MAX_AUTO_ANSWERS_PER_MINUTE = 20

// Past these, outside the engine: the relay client drops a message over the relay's message cap (256 KiB,
// MAX_MESSAGE_BYTES in relay/protocol/limits.ts) unread, and on Node reads no WebSocket frame over 2 MiB
// (MAX_RECEIVED_FRAME_BYTES in relay/client/socket.ts). A scanned pairing lives at most five minutes
// until used, whatever expiry its URI names (engine/pairing/pair.ts), or as long as a sign-in request
// received on it.
