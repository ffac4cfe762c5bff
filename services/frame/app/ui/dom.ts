/** Builds an element with text only: the frame never parses markup from anyone (no innerHTML anywhere). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/** The frame's one screen: each step replaces what was there. */
export function showScreen(...children: Node[]): void {
  const screen = document.getElementById('screen')
  if (!screen) throw new Error('the frame page has no #screen')
  screen.replaceChildren(...children)
}
