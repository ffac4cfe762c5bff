// The RFC 3986 and RFC 3339 productions the sign-in ABNFs (EIP-4361, SIWS) reference, as anchored regular
// expressions composed rule by rule so each piece can be read against the RFC.

const HEX = '[0-9A-Fa-f]'
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCT_ENCODED = `%${HEX}{2}`
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`

const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
const IPV4 = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`
const H16 = `${HEX}{1,4}`
const LS32 = `(?:${H16}:${H16}|${IPV4})`
const IPV6 = `(?:${[
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|')})`
const IPV_FUTURE = `v${HEX}+\\.[${UNRESERVED}${SUB_DELIMS}:]+`
const IP_LITERAL = `\\[(?:${IPV6}|${IPV_FUTURE})\\]`
// IPv4address is a subset of reg-name, so `host` needs only these two alternatives.
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`
const HOST = `(?:${IP_LITERAL}|${REG_NAME})`
const PORT = '[0-9]*'
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::${PORT})?`

const SEGMENT = `${PCHAR}*`
const SEGMENT_NZ = `${PCHAR}+`
const HIER_PART = `(?://${AUTHORITY}(?:/${SEGMENT})*|/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?|${SEGMENT_NZ}(?:/${SEGMENT})*|)`
const QUERY = `(?:${PCHAR}|[/?])*`
const SCHEME = '[A-Za-z][A-Za-z0-9+.\\-]*'

const URI = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`)
// EIP-4361's domain is an RFC 3986 authority with a non-empty host; userinfo@ is grammatical (the official
// vectors parse it), though a producer never writes one (see checkFields).
const DOMAIN = new RegExp(
  `^(?:${USERINFO}@)?(?:${IP_LITERAL}|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})+)(?::${PORT})?$`,
)
const SCHEME_ONLY = new RegExp(`^${SCHEME}$`)
const REQUEST_ID = new RegExp(`^${PCHAR}*$`)
// statement = *( reserved / unreserved / " " ): printable ASCII without " % < > \ ^ ` { | }.
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]+$`)
const NONCE = /^[A-Za-z0-9]{8,}$/
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:[Zz]|[+-]([0-9]{2}):([0-9]{2}))$/

/** RFC 3986 `URI` (an absolute URI with optional query and fragment). */
export const isUri = (text: string): boolean => URI.test(text)
/** RFC 3986 `authority`, host not empty. */
export const isDomain = (text: string): boolean => DOMAIN.test(text)
export const isScheme = (text: string): boolean => SCHEME_ONLY.test(text)
/** `*pchar` */
export const isRequestId = (text: string): boolean => REQUEST_ID.test(text)
/** One or more reserved, unreserved or space characters: no line break can hide a forged field. */
export const isStatement = (text: string): boolean => STATEMENT.test(text)
/** `8*( ALPHA / DIGIT )` */
export const isNonce = (text: string): boolean => NONCE.test(text)

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** RFC 3339 `date-time`, with §5.7's ranges (a leap second allowed). */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text)
  if (!match) return false
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const offsetHour = match[7] === undefined ? 0 : Number(match[7])
  const offsetMinute = match[8] === undefined ? 0 : Number(match[8])
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  )
}
