import { type ComponentType, createElement, lazy } from 'react'
import type { ViewData, ViewName } from '../../state/views.js'

export type FeatureViews<N extends ViewName> = { readonly [V in N]: ComponentType<{ data: ViewData[V] }> }

/**
 * What a feature's chunk exports: its views, and the title of each when the feature's texts are its own
 * (kept out of the first load's catalogue; the title then renders from the chunk too).
 */
export type FeatureModule<N extends ViewName> = {
  views: FeatureViews<N>
  ViewTitle?: ComponentType<{ view: N }>
}

type ViewProps<N extends ViewName> = { view: N; data: unknown }

const noTitle = () => null

function byName<N extends string, T>(names: readonly N[], make: (name: N) => T): { readonly [V in N]: T } {
  return Object.fromEntries(names.map((name) => [name, make(name)])) as { readonly [V in N]: T }
}

/** Route components for `names`, each rendering `View` (which picks the view by name) with its data. */
export function viewRoutes<N extends ViewName>(
  View: ComponentType<ViewProps<N>>,
  names: readonly N[],
): FeatureViews<N> {
  return byName(
    names,
    (view) =>
      ({ data }: { data: unknown }) =>
        createElement(View, { view, data }),
  ) as FeatureViews<N>
}

/**
 * A feature's views as route components over one lazy chunk (the first of them routed to loads it, and one
 * render of any of them makes all render at once), with their titles from the same chunk.
 */
export function lazyFeature<N extends ViewName>(load: () => Promise<FeatureModule<N>>, names: readonly N[]) {
  const View = lazy(async () => {
    const { views } = await load()
    return {
      default: ({ view, data }: ViewProps<N>) =>
        createElement(views[view] as ComponentType<{ data: unknown }>, { data }),
    }
  })
  const Title = lazy<ComponentType<{ view: N }>>(async () => ({
    default: (await load()).ViewTitle ?? noTitle,
  }))
  return {
    views: viewRoutes(View, names),
    titles: byName(
      names,
      (view): ComponentType =>
        () =>
          createElement(Title, { view }),
    ),
  }
}
