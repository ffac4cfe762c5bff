import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { VERIFY_FRAME_PATH } from '../../../../engine/index.js'
import type { RouteCaller, RouteMethod } from '../../../../services/api/openapi/routeDoc.js'

export const repoRoot = join(import.meta.dirname, '../../../..')

export type ClientCall = { caller: RouteCaller; method: RouteMethod; path: string; at: string }

type CallSite = { caller: RouteCaller; pattern: RegExp; method?: RouteMethod; path?: string }

/**
 * How the clients call the api, each with its method: the modal's api client (`api.get`/`api.post`), its
 * sign-in client (`#read`/`#call` with the method), its analytics sender (a POST to the ingest URL), the
 * engine's verify resolver (`getJson`, GETs) and verify frame (`VERIFY_FRAME_PATH`).
 */
const callSites: readonly CallSite[] = [
  { caller: 'modal', pattern: /\bapi\.(?<method>get|post)\(\s*[`'](?<path>\/[^`'?]*)/g },
  {
    caller: 'modal',
    pattern: /#(?:read|call)\((?:\w+,\s*)?'(?<method>GET|POST|PUT|DELETE|PATCH)',\s*'(?<path>\/[^']*)'/g,
  },
  { caller: 'modal', pattern: /\}(?<path>\/v1\/analytics\/events)\?/g, method: 'post' },
  { caller: 'engine', pattern: /\bgetJson\(\s*[`'](?<path>\/[^`'?]*)/g, method: 'get' },
  { caller: 'engine', pattern: /\$\{VERIFY_FRAME_PATH\}/g, method: 'get', path: VERIFY_FRAME_PATH },
]

/** A string that starts like one of the api's paths: every one in the clients' code must be a call found. */
const apiPathLiteral = /[`'"]\/(?:v1|v3|siwx|attestation|verify|ccip|sandbox|openapi)\b/g
/** A path held in a constant (`VERIFY_FRAME_PATH`): its uses are the calls, read by a call site above. */
const pathConstant = /\bconst [A-Z_]+_PATH = /g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec|d)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length
const inComment = (text: string, index: number) =>
  /^\s*(\*|\/\/|\/\*)/.test(text.slice(text.lastIndexOf('\n', index) + 1, index))

const isMethod = (method: string): method is RouteMethod =>
  (['get', 'post', 'put', 'patch', 'delete'] as readonly string[]).includes(method)

/**
 * Every api call in the modal's and the engine's source, read from the code; also every api path written
 * there that no known call site holds (a call this scan would miss).
 */
export function clientCalls(): { calls: ClientCall[]; unread: string[] } {
  const calls: ClientCall[] = []
  const unread: string[] = []
  for (const file of [...sourceFiles(join(repoRoot, 'modal')), ...sourceFiles(join(repoRoot, 'engine'))]) {
    const text = readFileSync(file, 'utf8')
    const name = relative(repoRoot, file)
    const covered: [number, number][] = [...text.matchAll(pathConstant)].map((match) => [
      match.index,
      match.index + match[0].length + 1,
    ])
    for (const site of callSites)
      for (const match of text.matchAll(site.pattern)) {
        const method = (site.method ?? match.groups?.method ?? '').toLowerCase()
        const path = site.path ?? match.groups?.path
        if (!isMethod(method) || path === undefined)
          throw new Error(`${name}: a call site without a method or path`)
        covered.push([match.index, match.index + match[0].length])
        calls.push({ caller: site.caller, method, path, at: `${name}:${lineOf(text, match.index)}` })
      }
    for (const literal of text.matchAll(apiPathLiteral)) {
      const index = literal.index
      if (inComment(text, index) || covered.some(([from, to]) => index >= from && index < to)) continue
      unread.push(`${name}:${lineOf(text, index)}`)
    }
  }
  return { calls, unread }
}

/** Whether a call's path (with `${…}` segments) is a documented template (with `{…}` parameters). */
export function pathMatches(call: string, template: string): boolean {
  const concrete = call.replace(/\$\{[^}]*\}/g, 'x')
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')
  return new RegExp(`^${pattern}$`).test(concrete)
}
