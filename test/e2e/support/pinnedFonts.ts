import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Page } from '@playwright/test'
import { setThemeVariables } from './modalViews.js'

/**
 * Screenshots that render the same on any machine: the page gets its fonts from the @fontsource packages (the
 * repo's devDependencies), under family names no system font has, and the modal is themed to use only them.
 * `systemFontsUsed` proves it: a glyph the pinned faces lack would fall back to the machine's fonts.
 */

const fontHost = 'http://pinned-fonts.pairwise.test'
const packageDir = (name: string) =>
  dirname(createRequire(import.meta.url).resolve(`@fontsource/${name}/package.json`))

/** Package, its stylesheets (one per weight, every subset) and the family name the page knows it by. */
const faces = [
  { name: 'noto-sans', sheets: ['400', '500', '600', '700'], family: 'Pinned Noto Sans' },
  { name: 'noto-sans-arabic', sheets: ['400', '500', '600', '700'], family: 'Pinned Noto Sans Arabic' },
  { name: 'noto-sans-symbols-2', sheets: ['400'], family: 'Pinned Noto Sans Symbols 2' },
  { name: 'noto-sans-mono', sheets: ['400', '600'], family: 'Pinned Noto Sans Mono' },
] as const

const pinnedFamilies = faces.map((face) => face.family)
const stack = (families: readonly string[]) => families.map((family) => `'${family}'`).join(', ')

/** The modal's theme variables for the pinned faces: Latin, then Arabic, then symbols; the mono face apart. */
export const pinnedThemeVariables = {
  '--w3m-font-family': stack(pinnedFamilies.slice(0, 3)),
  '--w3m-font-family-mono': stack([...pinnedFamilies.slice(3), ...pinnedFamilies.slice(0, 3)]),
}

/** The packages' @font-face rules, renamed and pointing at `fontHost` (only woff2: Chromium reads it). */
function fontFaceCss(): string {
  return faces
    .flatMap(({ name, sheets, family }) =>
      sheets.map((sheet) =>
        readFileSync(join(packageDir(name), `${sheet}.css`), 'utf8')
          .replace(/font-family: '[^']+'/g, `font-family: '${family}'`)
          .replace(
            /src: url\(\.\/files\/([\w.-]+\.woff2)\) format\('woff2'\)[^;]*;/g,
            `src: url(${fontHost}/${name}/$1) format('woff2');`,
          ),
      ),
    )
    .join('\n')
}

/**
 * Before the page loads: its font URLs answered from the packages' files, and the @font-face rules added to the
 * document (faces the document declares are usable in the modal's shadow root). Call `usePinnedFonts` once the
 * modal instance exists.
 */
export async function pinFonts(page: Page): Promise<void> {
  await page.route(`${fontHost}/**`, (route) => {
    const [name, file] = new URL(route.request().url()).pathname.slice(1).split('/')
    if (!faces.some((face) => face.name === name) || !file || !/^[\w.-]+\.woff2$/.test(file))
      return route.fulfill({ status: 404 })
    return route.fulfill({
      contentType: 'font/woff2',
      headers: { 'access-control-allow-origin': '*' },
      body: readFileSync(join(packageDir(name as string), 'files', file)),
    })
  })
  await page.addInitScript((css) => {
    const add = () => {
      const style = document.createElement('style')
      style.dataset.pinnedFonts = ''
      style.textContent = css
      document.head.append(style)
    }
    if (document.head) add()
    else document.addEventListener('DOMContentLoaded', add, { once: true })
  }, fontFaceCss())
}

/**
 * Themes the page's modal with the pinned faces, every one of them loaded first: a face still loading when a
 * view is shot or checked would have its text drawn by a system font meanwhile (the packages' `swap`).
 */
export async function usePinnedFonts(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load()))
  })
  await setThemeVariables(page, pinnedThemeVariables)
}

/** Waits until every face the page has asked for has loaded (or failed), once the view has been laid out. */
export function fontsSettled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await document.fonts.ready
  })
}

/** The faces' own names (a weight's file names its weight): any other web font would be no pinned one either. */
const pinnedFace = /^Noto Sans( Arabic| Symbols 2| Mono)?( Medium| SemiBold| Bold)?$/

type DomNode = {
  nodeId: number
  nodeType: number
  localName?: string
  nodeValue?: string
  children?: DomNode[]
  shadowRoots?: DomNode[]
}

/**
 * The fonts, and where, that rendered any text of the modal (`pairwise-modal`'s shadow root, user-agent roots of its inputs
 * included) that are not the pinned faces, by family, as Chromium reports them per text node's parent.
 */
export async function systemFontsUsed(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode }
    const hosts: DomNode[] = []
    const findHosts = (node: DomNode) => {
      if (node.localName === 'pairwise-modal') hosts.push(node)
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) findHosts(child)
    }
    findHosts(root)
    const withText: DomNode[] = []
    const collect = (node: DomNode) => {
      const kids = [...(node.children ?? []), ...(node.shadowRoots ?? [])]
      if (node.nodeType === 1 && kids.some((kid) => kid.nodeType === 3 && kid.nodeValue?.trim()))
        withText.push(node)
      for (const kid of kids) collect(kid)
    }
    for (const host of hosts) for (const shadow of host.shadowRoots ?? []) collect(shadow)
    if (withText.length === 0) throw new Error('no modal text to check the fonts of')
    const foreign = new Set<string>()
    for (const { nodeId, localName, children } of withText) {
      const text = (children ?? [])
        .map((kid) => kid.nodeValue ?? '')
        .join('')
        .trim()
        .slice(0, 40)
      const used = await cdp.send('CSS.getPlatformFontsForNode', { nodeId }).catch((error: Error) => {
        // A node the view replaced since the walk began draws nothing any more.
        if (/Could not find node/.test(error.message)) return { fonts: [] }
        throw error
      })
      const { fonts } = used as { fonts: { familyName: string; isCustomFont: boolean }[] }
      for (const font of fonts)
        if (!font.isCustomFont || !pinnedFace.test(font.familyName))
          foreign.add(`${font.familyName}${font.isCustomFont ? '' : ' (system)'} in <${localName}> "${text}"`)
    }
    return [...foreign]
  } finally {
    await cdp.detach()
  }
}
