/**
 * The little of a DOM that react-dom/client needs to mount the modal, for the tests that must run React's
 * client renderer: a server render never mounts, so it has no error boundaries, effects or updates. Nodes keep
 * their children, attributes and text; nothing is laid out, styled or focused.
 */
class FakeNode {
  readonly childNodes: FakeNode[] = []
  parentNode: FakeNode | null = null
  nodeValue: string | null = null

  constructor(
    readonly ownerDocument: FakeDocument | null,
    readonly nodeType: number,
    readonly nodeName: string,
  ) {}

  get firstChild(): FakeNode | null {
    return this.childNodes[0] ?? null
  }

  get nextSibling(): FakeNode | null {
    const siblings = this.parentNode?.childNodes ?? []
    return siblings[siblings.indexOf(this) + 1] ?? null
  }

  get textContent(): string {
    return this.nodeType === TEXT_NODE
      ? (this.nodeValue ?? '')
      : this.childNodes.map((c) => c.textContent).join('')
  }

  set textContent(text: string) {
    for (const child of [...this.childNodes]) this.removeChild(child)
    if (text && this.ownerDocument) this.appendChild(this.ownerDocument.createTextNode(text))
  }

  appendChild(child: FakeNode): FakeNode {
    return this.insertBefore(child, null)
  }

  insertBefore(child: FakeNode, before: FakeNode | null): FakeNode {
    child.parentNode?.removeChild(child)
    const at = before ? this.childNodes.indexOf(before) : -1
    this.childNodes.splice(at < 0 ? this.childNodes.length : at, 0, child)
    child.parentNode = this
    return child
  }

  removeChild(child: FakeNode): FakeNode {
    this.childNodes.splice(this.childNodes.indexOf(child), 1)
    child.parentNode = null
    return child
  }

  addEventListener(): void {}
  removeEventListener(): void {}

  getRootNode(): FakeNode {
    return this.parentNode ? this.parentNode.getRootNode() : this
  }

  /** The elements under this node, in document order, that `accept` picks. */
  descendants(accept: (element: FakeElement) => boolean): FakeElement[] {
    return this.childNodes.flatMap((child) => [
      ...(child instanceof FakeElement && accept(child) ? [child] : []),
      ...child.descendants(accept),
    ])
  }

  querySelectorAll(): FakeElement[] {
    return []
  }
}

const TEXT_NODE = 3

class FakeElement extends FakeNode {
  readonly attributes = new Map<string, string>()
  readonly style: Record<string, string> = {}
  readonly namespaceURI = 'http://www.w3.org/1999/xhtml'
  readonly tagName: string
  shadowRoot: FakeNode | null = null

  constructor(document: FakeDocument, tag: string) {
    super(document, 1, tag.toUpperCase())
    this.tagName = this.nodeName
  }

  setAttribute(name: string, value: unknown): void {
    this.attributes.set(name, String(value))
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name)
  }

  attachShadow(): FakeNode {
    this.shadowRoot = new FakeNode(this.ownerDocument, 11, '#document-fragment')
    return this.shadowRoot
  }

  focus(): void {}
}

class FakeDocument extends FakeNode {
  readonly body: FakeElement
  readonly activeElement: FakeElement
  defaultView: unknown = null

  constructor() {
    super(null, 9, '#document')
    this.body = this.createElement('body')
    this.activeElement = this.body
    this.appendChild(this.body)
  }

  createElement(tag: string): FakeElement {
    return new FakeElement(this, tag)
  }

  createElementNS(_namespace: string, tag: string): FakeElement {
    return new FakeElement(this, tag)
  }

  createTextNode(text: string): FakeNode {
    const node = new FakeNode(this, TEXT_NODE, '#text')
    node.nodeValue = text
    return node
  }
}

export type { FakeDocument, FakeElement, FakeNode }

const globals = [
  'window',
  'document',
  'navigator',
  'HTMLIFrameElement',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'IS_REACT_ACT_ENVIRONMENT',
] as const

/**
 * Installs a fake document as the page's, for React's client renderer; the returned function takes it away
 * again, since the files of a worker share its globals. React reads `navigator` when its client module loads:
 * import react-dom/client after installing.
 */
export function installFakeDom(): { document: FakeDocument; uninstall: () => void } {
  const saved = globals.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const)
  const document = new FakeDocument()
  const values = {
    window: globalThis,
    document,
    navigator: { userAgent: 'node' },
    HTMLIFrameElement: class {},
    requestAnimationFrame: (run: () => void) => setTimeout(run, 16),
    cancelAnimationFrame: (frame: ReturnType<typeof setTimeout>) => clearTimeout(frame),
    IS_REACT_ACT_ENVIRONMENT: true,
  }
  document.defaultView = globalThis
  for (const name of globals)
    Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true })
  const uninstall = () => {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
  }
  return { document, uninstall }
}
