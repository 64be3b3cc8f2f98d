/**
 * Vite's build manifest (`dist/.vite/manifest.json`), read by the size budget (scripts/size-report.ts) and by the
 * API server's page writer (server/web/portal-document.ts): both ask what a page needs before it can run. The
 * build's route-preloads.json (tooling/route-preloads.ts) walks the built chunks with the same closure.
 */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type ViteManifest = Record<string, ManifestChunk>;

/** The chunks `keys` name and everything they import statically: what must arrive before they can run. */
export function staticClosure(manifest: ViteManifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}
