// JavaScript with JSDoc types rather than next.config.ts, which Next.js reads from 15.0 only: the same file
// serves an app moved to Next.js 14.2 for React 18.
/** @type {import('next').NextConfig} */
const nextConfig = {}

export default nextConfig
