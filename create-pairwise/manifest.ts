import type { ChainChoice, Template } from './choices.js'

/**
 * The versions the generated app pins, each one the packaging tests install and build here (wagmi 3.7.7,
 * viem 2.57.1, react-query 5.108.0, Vite 8.3.8, TypeScript 5.9.3). Next.js 15.5 is paired with the React
 * 19.2 it is released against (the Next app is built on React 19.1 too, and on 18.3 with Next.js 14.2, by
 * test/create-pairwise); the Vite app takes the newest React.
 */
const pins = {
  shared: {
    '@tanstack/react-query': '5.108.0',
    viem: '2.57.1',
    wagmi: '3.7.7',
  },
  solana: { '@solana/kit': '8.4.0' },
  vite: {
    dependencies: { react: '19.3.1', 'react-dom': '19.3.1' },
    devDependencies: {
      '@types/react': '19.3.0',
      '@types/react-dom': '19.3.0',
      typescript: '5.9.3',
      vite: '8.3.8',
    },
    scripts: {
      dev: 'vite',
      build: 'tsc --noEmit && vite build',
      preview: 'vite preview',
      typecheck: 'tsc --noEmit',
    },
  },
  next: {
    dependencies: { next: '15.5.29', react: '19.2.9', 'react-dom': '19.2.9' },
    devDependencies: {
      '@types/node': '20.19.43',
      '@types/react': '19.2.6',
      '@types/react-dom': '19.2.7',
      typescript: '5.9.3',
    },
    // next build bundles with webpack in 15.5 (Turbopack only with --turbopack).
    scripts: { dev: 'next dev', build: 'next build', start: 'next start', typecheck: 'tsc --noEmit' },
  },
} as const

/** Our packages, by the range a fresh app takes from the registry. */
const ours = { modal: { '@pairwise/modal': '^0.1.0' }, solana: { '@pairwise/solana': '^0.1.0' } } as const

export type Manifest = {
  name: string
  version: string
  private: true
  type: 'module'
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** The generated app's package.json: Solana's packages only when it connects Solana. */
export function appManifest(name: string, template: Template, chains: ChainChoice): Manifest {
  const withSolana = chains === 'evm+solana'
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: { ...pins[template].scripts },
    dependencies: sortKeys({
      ...ours.modal,
      ...(withSolana ? { ...ours.solana, ...pins.solana } : {}),
      ...pins.shared,
      ...pins[template].dependencies,
    }),
    devDependencies: sortKeys(pins[template].devDependencies),
  }
}

const sortKeys = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)))
