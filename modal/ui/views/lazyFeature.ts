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

/**
 * A feature's views as route components over one lazy chunk: the first of them routed to loads it, and
 * one render of any of them makes all render at once.
 */
export function lazyFeature<N extends ViewName>(load: () => Promise<FeatureModule<N>>) {
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
    view:
      <V extends N>(view: V): ComponentType<{ data: ViewData[V] }> =>
      ({ data }) =>
        createElement(View, { view, data }),
    title:
      (view: N): ComponentType =>
      () =>
        createElement(Title, { view }),
  }
}
